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
