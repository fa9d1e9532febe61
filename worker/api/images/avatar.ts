// GET /img/avatar/<userId>: a player's picture served by the site (docs/security.md "Avatars are served by
// the site"). The worker reads that user's stored avatar, fetches it only from an allowed host
// (worker/images/avatar-source.ts), caches it by the stored URL, and answers the player's letter
// avatar (an SVG) when there is none, the host is not allowed, or the source fails. A query string
// (the SPA's ?v=, shared/avatars.ts avatarPath) is ignored. Unknown user → 404, bad id → 400.
import { eq } from "drizzle-orm";
import type { Context } from "hono";
import { AVATAR_ID_RE, avatarColor, avatarInitial, hasPicture, MAX_USER_ID } from "../../../shared/avatars";
import { AVATARS } from "../../../shared/constants";
import { db } from "../../db/client";
import { users } from "../../db/schema";
import type { AppEnv } from "../../env";
import { fail } from "../../lib/http";
import { avatarSourceUrl } from "../../images/avatar-source";
import { letterAvatarSvg } from "../../images/fallback-svg";
import { fetchSourcePicture } from "../../images/source";

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

function letterAvatar(username: string): Response {
  return new Response(letterAvatarSvg(avatarInitial(username), avatarColor(username)), {
    headers: { "Content-Type": "image/svg+xml; charset=utf-8", "Cache-Control": `public, max-age=${AVATARS.fallbackCacheSeconds}` },
  });
}

export async function serveAvatar(c: Context<AppEnv>): Promise<Response> {
  const id = c.req.param("id") ?? "";
  if (!AVATAR_ID_RE.test(id) || Number(id) > MAX_USER_ID) return fail(c, 400, "app_api.invalid_request");
  const [user] = await db(c.env)
    .select({ username: users.username, avatar: users.avatar })
    .from(users)
    .where(eq(users.id, Number(id)))
    .limit(1);
  if (!user) return fail(c, 404, "app_api.not_found");

  const url = hasPicture(user.avatar) ? avatarSourceUrl(user.avatar, c.env.AVATAR_IMAGE_HOSTS, c.env.AVATAR_IMAGE_BASE_URL) : null;
  if (!url) return letterAvatar(user.username);

  // cached by the picture's own address: a changed avatar is a new entry, the same one is fetched once
  const cacheKey = new Request(new URL(`/img/avatar/cache/${await sha256Hex(url)}`, c.req.url).href);
  // (the DOM lib's CacheStorage hides the Workers `caches.default` from the type checker)
  const cache = (caches as unknown as { default: Cache }).default;
  const hit = await cache.match(cacheKey);
  if (hit) return hit;

  const picture = await fetchSourcePicture(url);
  if (!picture) {
    const res = letterAvatar(user.username);
    await cache.put(cacheKey, res.clone());
    return res;
  }
  const res = new Response(picture.body, {
    headers: { "Content-Type": picture.contentType, "Cache-Control": `public, max-age=${AVATARS.cacheSeconds}` },
  });
  await cache.put(cacheKey, res.clone());
  return res;
}
