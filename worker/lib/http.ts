// Edge helpers: the one error answer, and body parsing through a shared schema.
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { validator } from "hono/validator";
import type { z } from "zod";
import { errorBody, type ServerKey } from "../../shared/errors";

export function fail(c: Context, status: ContentfulStatusCode, key: ServerKey | string, extra: Record<string, unknown> = {}) {
  return c.json(errorBody(key, extra), status);
}

/**
 * Parses the JSON body with `schema` before the handler runs. An empty body counts as `{}`
 * (most §7 calls send none); malformed JSON or a schema failure answers 400 app_api.invalid_request,
 * or the group's own key when `keyOf` names one for the failure (e.g. storehouse_api.none_selected).
 */
export function jsonBody<S extends z.ZodType>(schema: S, keyOf?: (error: z.ZodError) => string | undefined) {
  return validator("json", async (value, c) => {
    // With a JSON content type Hono has parsed the body already (malformed JSON is turned into
    // app_api.invalid_request by the app's onError); without one, read it ourselves.
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
      const key = keyOf?.(parsed.error);
      if (key) return fail(c, 400, key);
      const issue = parsed.error.issues[0];
      return fail(c, 400, "app_api.invalid_request", issue ? { field: issue.path.join(".") } : {});
    }
    return parsed.data as z.output<S>;
  });
}

/** Same for query strings (GET routes). */
export function queryParams<S extends z.ZodType>(schema: S) {
  return validator("query", (value, c) => {
    const parsed = schema.safeParse(value);
    if (!parsed.success) return fail(c, 400, "app_api.invalid_request");
    return parsed.data as z.output<S>;
  });
}
