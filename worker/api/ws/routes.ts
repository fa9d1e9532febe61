// Room sockets: GET /ws/<room> upgrades to a WebSocket on that room's Durable Object.
import { Hono } from "hono";
import type { AppEnv } from "../../env";
import { fail } from "../../lib/http";
import { hub } from "../../rooms/hub";

export const wsRoutes = new Hono<AppEnv>().get("/chat", (c): Response | Promise<Response> => {
  if (c.req.header("Upgrade")?.toLowerCase() !== "websocket") {
    c.header("Upgrade", "websocket");
    return fail(c, 426, "app_api.invalid_request");
  }
  return hub(c.env).fetch(c.req.raw);
});
