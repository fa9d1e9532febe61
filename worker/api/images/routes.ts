// GET /img/item/<hash>.webp, /img/case/<hash>.webp: catalogue pictures served by the site (docs/security.md
// "Item and case pictures are served by the site"). Only names the catalogue holds are fetched (strict schema + catalogue lookup: no open proxy);
// a good answer is cached for a year (the name is a content hash), a failed source gives a
// rarity-coloured SVG cached briefly. The cache key is the bare path, so query strings cannot
// make the worker fetch the source again.
import { Hono } from "hono";
import { IMAGES } from "../../../shared/constants";
import { imageParams } from "../../../shared/api/images";
import type { AppEnv } from "../../env";
import { fail } from "../../lib/http";
import { catalogueImageColor } from "../../images/catalogue-images";
import { fallbackSvg } from "../../images/fallback-svg";
import { fetchSourcePicture, sourceUrl } from "../../images/source";
import { serveAvatar } from "./avatar";

export const imageRoutes = new Hono<AppEnv>()
  // players' pictures (./avatar.ts); before the catalogue pattern, which "avatar" is not a kind of
  .get("/avatar/:id", serveAvatar)
  .get("/:kind/:file", async (c) => {
    const parsed = imageParams.safeParse(c.req.param());
    if (!parsed.success) return fail(c, 400, "app_api.invalid_request");
    const { kind, file } = parsed.data;
    const color = await catalogueImageColor(kind, file);
    if (!color) return fail(c, 404, "app_api.not_found");

    const cacheKey = new Request(new URL(`/img/${kind}/${file}`, c.req.url).href);
    // (the DOM lib's CacheStorage hides the Workers `caches.default` from the type checker)
    const cache = (caches as unknown as { default: Cache }).default;
    const hit = await cache.match(cacheKey);
    if (hit) return hit;

    const url = sourceUrl(c.env.ITEM_IMAGE_BASE_URL, file);
    const picture = url ? await fetchSourcePicture(url) : null;
    const res = picture
      ? new Response(picture.body, {
          headers: { "Content-Type": picture.contentType, "Cache-Control": `public, max-age=${IMAGES.cacheSeconds}, immutable` },
        })
      : new Response(fallbackSvg(color), {
          headers: { "Content-Type": "image/svg+xml; charset=utf-8", "Cache-Control": `public, max-age=${IMAGES.fallbackCacheSeconds}` },
        });
    await cache.put(cacheKey, res.clone());
    return res;
  })
  .all("*", (c) => fail(c, 404, "app_api.not_found"));
