// Item and case pictures are served by the site, never hot-linked: /img/item/<hash>.webp and
// /img/case/<hash>.webp (worker/api/images). The catalogue names every picture by the SHA-256 in
// its file name ("https://cdn.cstrike.app/images/<hash>.webp"); that hash is the site's key.
// Dependency-free: the SPA's ItemImage/CaseImage use it on the first screen.

export const IMAGE_KINDS = ["item", "case"] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];

/** The one file name the image route accepts: a catalogue hash and the catalogue's format. */
export const IMAGE_FILE_RE = /^[0-9a-f]{64}\.webp$/;

/** "<hash>.webp" from a catalogue picture URL (or from a site picture path); null otherwise. */
export function imageFileOf(url: string | null | undefined): string | null {
  if (!url) return null;
  const m = /\/([0-9a-f]{64}\.webp)$/.exec(url.split(/[?#]/)[0] ?? "");
  return m ? m[1]! : null;
}

/**
 * The site URL of a picture the API names by its catalogue URL. null for anything that is not a
 * catalogue picture (an admin's foreign link): the caller draws its own card, so no request leaves
 * for a host the Content-Security-Policy does not allow.
 */
export function siteImageUrl(kind: ImageKind, url: string | null | undefined): string | null {
  const file = imageFileOf(url);
  return file ? `/img/${kind}/${file}` : null;
}
