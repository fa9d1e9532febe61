// Where the worker may fetch a player's stored avatar from (docs/security.md "Avatars are served by the
// site"). Only an http(s) URL on an allowed host (AVATAR_IMAGE_HOSTS: "host" exact or "*.domain"
// for its subdomains) is ever fetched: no open proxy. With AVATAR_IMAGE_BASE_URL set (dev and
// tests: the local fakes) the same picture is asked of that base as <base>/<host><path>.

/** "a.example,*.example.org" → matchers; blanks and malformed entries are dropped. */
export function allowedAvatarHosts(list: string | undefined): string[] {
  return (list ?? "")
    .split(",")
    .map((h) => h.trim().toLowerCase())
    .filter((h) => /^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(h) || /^[a-z0-9-]+$/.test(h));
}

function hostAllowed(host: string, allowed: readonly string[]): boolean {
  const h = host.toLowerCase();
  return allowed.some((a) => (a.startsWith("*.") ? h.endsWith(a.slice(1)) && h.length > a.length - 1 : h === a));
}

/** The URL to fetch for a stored avatar, or null when it may not be fetched. */
export function avatarSourceUrl(stored: string | null | undefined, hosts: string | undefined, base: string | undefined): string | null {
  if (!stored) return null;
  let url: URL;
  try {
    url = new URL(stored);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (url.username || url.password || url.port) return null;
  if (!hostAllowed(url.hostname, allowedAvatarHosts(hosts))) return null;
  if (!base) return url.href;
  try {
    const mirror = new URL(`${base.replace(/\/+$/, "")}/${url.hostname}${url.pathname}${url.search}`);
    return mirror.protocol === "https:" || mirror.protocol === "http:" ? mirror.href : null;
  } catch {
    return null;
  }
}
