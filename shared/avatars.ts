// Player avatars (docs/security.md "Avatars are served by the site"): API answers keep the stored `avatar`
// (a provider's URL, or "default" for none), and the SPA never loads it from the provider: it asks
// the site for /img/avatar/<userId> (worker/api/images/avatar.ts fetches the stored URL from an
// allowed host, caches it, and answers a letter avatar when there is none or the source fails).
// A player without a picture gets the letter avatar drawn by the client. Dependency-free.

/** The avatar value meaning "no picture": an initial-letter avatar is generated instead. */
export const DEFAULT_AVATAR = "default";

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

/** The one user id the avatar route accepts: a positive integer of at most 10 digits, no sign or zeros ahead. */
export const AVATAR_ID_RE = /^[1-9][0-9]{0,9}$/;
export const MAX_USER_ID = 2_147_483_647;

/** FNV-1a of the stored URL, base 36: a new picture gets a new address (the browser's cache). */
function version(avatar: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < avatar.length; i++) {
    h ^= avatar.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(36);
}

/**
 * Where the SPA loads a player's picture: the site's path for that user (its query names the
 * stored picture, so a changed avatar is fetched anew), or null when there is no picture to load
 * (the client draws the letter avatar).
 */
export function avatarPath(userId: number | null | undefined, avatar: string | null | undefined): string | null {
  if (!hasPicture(avatar) || !userId || !Number.isSafeInteger(userId) || userId < 1 || userId > MAX_USER_ID) return null;
  return `/img/avatar/${userId}?v=${version(avatar)}`;
}
