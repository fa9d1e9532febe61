// The one way a route answers JSON: through the shared answer schema of its call (shared/api/).
// The body is typed as the schema's input — what the SPA's api() will parse with the same
// schema — so an answer that drifts from its schema fails the typecheck, not a player's screen.
// Nothing is parsed here at run time: the types hold the routes to their schemas, and
// tests/worker/api-answers.test.ts parses every route's real answer (unknown keys fail).
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";

export function answer<S extends z.ZodType>(c: Context, _schema: S, body: z.input<S>, status: ContentfulStatusCode = 200): Response {
  return c.json(body as object, status);
}
