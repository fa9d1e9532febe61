// POST /api/admin/maintenance {enabled}: admin only, audited. Writes the flag that
// readMaintenance() (worker/lib/settings.ts) reads everywhere, then tells every client.
import { Hono } from "hono";
import { maintenanceAnswer, maintenanceBody } from "../../../shared/api/admin";
import { requireAdmin } from "../../auth/middleware";
import type { AppEnv } from "../../env";
import { jsonBody } from "../../lib/http";
import { saveMaintenance } from "../../lib/settings";
import { hub } from "../../rooms/hub";
import { answer } from "../answer";

export const maintenanceRoutes = new Hono<AppEnv>().post("/", requireAdmin, jsonBody(maintenanceBody), async (c) => {
  const { enabled } = c.req.valid("json");
  await saveMaintenance(c.env, c.get("user").id, enabled);
  await hub(c.env).setMaintenance(enabled);
  return answer(c, maintenanceAnswer, { success: true, maintenance: enabled });
});
