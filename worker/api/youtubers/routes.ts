// GET /api/youtubers (§7): the streamer list, public.
import { Hono } from "hono";
import { youtubersAnswer } from "../../../shared/api/user";
import type { AppEnv } from "../../env";
import { answer } from "../answer";
import { youtubers } from "../../user/queries";

export const youtuberRoutes = new Hono<AppEnv>().get("/", async (c) => answer(c, youtubersAnswer, { youtubers: await youtubers(c.env) }));
