// The toolbar's social links; set VITE_SOCIAL_TELEGRAM / _VK / _YOUTUBE at build time to change them.
export interface SocialLink {
  id: "telegram" | "vk" | "youtube";
  url: string;
}

export const SOCIAL_LINKS: readonly SocialLink[] = [
  { id: "telegram", url: import.meta.env.VITE_SOCIAL_TELEGRAM || "https://t.me/skinrush" },
  { id: "vk", url: import.meta.env.VITE_SOCIAL_VK || "https://vk.com/skinrush" },
  { id: "youtube", url: import.meta.env.VITE_SOCIAL_YOUTUBE || "https://www.youtube.com/@skinrush" },
];
