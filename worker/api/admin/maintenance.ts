// POST /api/admin/maintenance {enabled, message?}: admin only, audited (before and after). Writes
// the flag that readMaintenance() (worker/lib/settings.ts) reads everywhere and the players'
// message /api/getConfig carries, then tells every client (the hub's refreshPage frame).
import { adminCalls } from "../../../shared/api/admin";
import { saveMaintenance } from "../../lib/settings";
import { hub } from "../../rooms/hub";
import { contractRoutes, serve } from "../contract-routes";

export const maintenanceRoutes = contractRoutes();

serve(maintenanceRoutes, adminCalls.maintenance, async (c) => {
  const { enabled, message } = c.req.valid("json");
  const after = await saveMaintenance(c.env, c.get("user").id, enabled, message ?? null);
  await hub(c.env).setMaintenance(after.maintenance, after.message);
  return c.json({ success: true as const, ...after }, 200);
});
