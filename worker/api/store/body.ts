// Body parsing for the store routes: like jsonBody (lib/http.ts), except that a selection which
// is empty or too long answers its storehouse key (none_selected / too_many_items) rather than
// app_api.invalid_request.
import { validator } from "hono/validator";
import type { z } from "zod";
import { storeKeyOf } from "../../../shared/api/store";
import { fail } from "../../lib/http";

export function storeBody<S extends z.ZodType>(schema: S) {
  return validator("json", async (value, c) => {
    // With a JSON content type Hono has parsed the body already; without one, read it here.
    let raw: unknown = value;
    if (!/json/i.test(c.req.header("Content-Type") ?? "")) {
      const text = await c.req.text();
      raw = {};
      if (text.trim() !== "") {
        try {
          raw = JSON.parse(text);
        } catch {
          return fail(c, 400, "app_api.invalid_request");
        }
      }
    }
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      const key = storeKeyOf(parsed.error);
      if (key) return fail(c, 400, key);
      const issue = parsed.error.issues[0];
      return fail(c, 400, "app_api.invalid_request", issue ? { field: issue.path.join(".") } : {});
    }
    return parsed.data as z.output<S>;
  });
}
