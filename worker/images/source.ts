// Reads one picture from the configured source (ITEM_IMAGE_BASE_URL + "/" + file). Anything but a
// raster image of sane size in time is a miss (null): the route then serves the fallback.
import { IMAGES } from "../../shared/constants";

/** Raster formats only: an SVG from the source would run as a document of the site's origin. */
const RASTER_TYPES = new Set(["image/webp", "image/png", "image/jpeg", "image/gif", "image/avif"]);

export interface SourcePicture {
  body: ArrayBuffer;
  contentType: string;
}

export function sourceUrl(base: string | undefined, file: string): string | null {
  if (!base) return null;
  try {
    const url = new URL(`${base.replace(/\/+$/, "")}/${file}`);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

export async function fetchSourcePicture(url: string, fetcher: typeof fetch = fetch): Promise<SourcePicture | null> {
  try {
    const res = await fetcher(url, { signal: AbortSignal.timeout(IMAGES.upstreamTimeoutMs), redirect: "follow" });
    const contentType = (res.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
    const length = Number(res.headers.get("Content-Length") ?? "0");
    if (!res.ok || !RASTER_TYPES.has(contentType) || length > IMAGES.maxBytes) {
      await res.body?.cancel();
      return null;
    }
    const body = await res.arrayBuffer();
    if (body.byteLength === 0 || body.byteLength > IMAGES.maxBytes) return null;
    return { body, contentType };
  } catch {
    // network error, timeout (AbortSignal.timeout), a body cut short
    return null;
  }
}
