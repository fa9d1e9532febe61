// GET /img/:kind/:file — the site's item and case pictures (shared/images.ts).
import { z } from "zod";
import { IMAGE_FILE_RE, IMAGE_KINDS } from "../images";

export const imageParams = z.strictObject({
  kind: z.enum(IMAGE_KINDS),
  file: z.string().regex(IMAGE_FILE_RE),
});
