// POST /api/admin/maintenance {enabled}: admin only, audited. Writes the flag that
// readMaintenance() (worker/lib/settings.ts) reads everywhere, then tells every client.
import { Hono } from "hono";
import { z } from "zod";
import { requireAdmin } from "../../auth/middleware";
import { db } from "../../db/client";
import { appSettings, auditLog } from "../../db/schema";
import type { AppEnv } from "../../env";
import { jsonBody } from "../../lib/http";
import { hub } from "../../rooms/hub";

export const maintenanceBody = z.strictObject({ enabled: z.boolean() });

export const maintenanceRoutes = new Hono<AppEnv>().post("/", requireAdmin, jsonBody(maintenanceBody), async (c) => {
  const { enabled } = c.req.valid("json");
  const admin = c.get("user");
  const d = db(c.env);
  const value = String(enabled); // readMaintenance() compares with "true"
  // The flag and its audit row land together or not at all.
  await d.batch([
    d.insert(appSettings).values({ key: "maintenance", value }).onConflictDoUpdate({ target: appSettings.key, set: { value } }),
    d.insert(auditLog).values({ actorId: admin.id, action: "maintenance", details: JSON.stringify({ enabled }) }),
  ]);
  await hub(c.env).setMaintenance(enabled);
  return c.json({ success: true, maintenance: enabled });
});
