// GET /api/youtubers (§7): the streamer list, public.
import { userCalls } from "../../../shared/api/user";
import { youtubers } from "../../user/queries";
import { contractRoutes, serve } from "../contract-routes";

export const youtuberRoutes = contractRoutes();

serve(youtuberRoutes, userCalls.youtubers, async (c) => c.json({ youtubers: await youtubers(c.env) }, 200));
