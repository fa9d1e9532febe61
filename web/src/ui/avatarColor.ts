/** The avatar value meaning "no picture": an initial-letter avatar is generated instead. */
const DEFAULT_AVATAR = "default";

const PALETTE = ["#e4572e", "#29335c", "#f3a712", "#a8c686", "#669bbc", "#8e6c8a", "#2a9d8f", "#d1495b", "#00798c", "#edae49"];

/** A stable colour per name (same player, same colour on every screen). */
export function avatarColor(name: string): string {
  let h = 0;
  for (const ch of name) h = (h * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return PALETTE[h % PALETTE.length] ?? PALETTE[0]!;
}

/** First letter (a whole emoji / surrogate pair counts as one), upper-cased; "?" for a blank name. */
export function avatarInitial(name: string): string {
  const first = [...name.trim()][0];
  return first ? first.toLocaleUpperCase() : "?";
}

export function hasPicture(avatar: string | null | undefined): avatar is string {
  return !!avatar && avatar !== DEFAULT_AVATAR && /^(https?:\/\/|\/)/.test(avatar);
}
