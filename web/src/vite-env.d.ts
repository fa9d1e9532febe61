/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Social links of the toolbar; defaults in web/src/app/socialLinks.ts. */
  readonly VITE_SOCIAL_TELEGRAM?: string;
  readonly VITE_SOCIAL_VK?: string;
  readonly VITE_SOCIAL_YOUTUBE?: string;
}
