// The picture served when the image source fails: a card in the item's rarity colour, drawn as a
// static SVG (no script, no external reference), so a page never shows a broken image.

const HEX_COLOR = /^#[0-9a-f]{6}$/i;
const NEUTRAL = "#b0c3d9";

export function fallbackSvg(color: string): string {
  const c = HEX_COLOR.test(color) ? color : NEUTRAL;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
<defs><radialGradient id="g" cx="50%" cy="38%" r="62%"><stop offset="0" stop-color="${c}" stop-opacity="0.55"/><stop offset="1" stop-color="${c}" stop-opacity="0"/></radialGradient></defs>
<rect width="256" height="256" rx="20" fill="#151a24"/>
<rect width="256" height="256" rx="20" fill="url(#g)"/>
<path d="M52 150h92l10-14h40v14h14v14h-54l-14 18h-22l6-18H52z" fill="${c}" fill-opacity="0.85"/>
<rect y="244" width="256" height="12" fill="${c}"/>
</svg>`;
}

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** A player's letter avatar: the initial on a circle of the player's colour (shared/avatars.ts). */
export function letterAvatarSvg(initial: string, color: string): string {
  const c = HEX_COLOR.test(color) ? color : NEUTRAL;
  const letter = [...initial][0]?.replace(/[&<>"']/g, (ch) => XML_ESCAPES[ch]!) ?? "?";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">
<circle cx="64" cy="64" r="64" fill="${c}"/>
<text x="64" y="64" dy="0.35em" text-anchor="middle" font-family="system-ui, sans-serif" font-size="60" font-weight="700" fill="#ffffff">${letter}</text>
</svg>`;
}
