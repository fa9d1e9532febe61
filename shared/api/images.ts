// GET /img/:kind/:file — the site's item and case pictures (shared/images.ts).
import { z } from "zod";
import { IMAGE_FILE_RE, IMAGE_KINDS } from "../images";

export const imageParams = z.strictObject({
  kind: z.enum(IMAGE_KINDS),
  file: z.string().regex(IMAGE_FILE_RE),
});

/**
 * A picture as an API answer names it: the site's own path (/img/<kind>/<hash>.webp, shared/images.ts
 * siteImageUrl), or null when the stored link is not a catalogue picture (an admin's foreign link):
 * the client then draws its own card, and no request leaves for another host.
 */
export const siteImageJson = (kind: (typeof IMAGE_KINDS)[number]) =>
  z
    .string()
    .regex(new RegExp(`^/img/${kind}/[0-9a-f]{64}\\.webp$`))
    .nullable();
