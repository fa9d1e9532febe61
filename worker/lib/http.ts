// The one error answer of the routes that are not contracts (provider callbacks, sockets, the
// app's not-found and error handlers); contract routes refuse through worker/api/contract-routes.ts.
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { errorBody, type ServerKey } from "../../shared/errors";

export function fail(c: Context, status: ContentfulStatusCode, key: ServerKey | string, extra: Record<string, unknown> = {}) {
  return c.json(errorBody(key, extra), status);
}
