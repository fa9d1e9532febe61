// GET /api/youtubers (§7): the streamer list, public.
import { Hono } from "hono";
import type { AppEnv } from "../../env";
import { youtubers } from "../../user/queries";

export const youtuberRoutes = new Hono<AppEnv>().get("/", async (c) => c.json({ youtubers: await youtubers(c.env) }));
