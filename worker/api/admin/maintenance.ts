// POST /api/admin/maintenance {enabled}: admin only, audited. Writes the flag that
// readMaintenance() (worker/lib/settings.ts) reads everywhere, then tells every client.
import { adminCalls } from "../../../shared/api/admin";
import { saveMaintenance } from "../../lib/settings";
import { hub } from "../../rooms/hub";
import { contractRoutes, serve } from "../contract-routes";

export const maintenanceRoutes = contractRoutes();

serve(maintenanceRoutes, adminCalls.maintenance, async (c) => {
  const { enabled } = c.req.valid("json");
  await saveMaintenance(c.env, c.get("user").id, enabled);
  await hub(c.env).setMaintenance(enabled);
  return c.json({ success: true as const, maintenance: enabled }, 200);
});
