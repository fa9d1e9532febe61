// The operator console's read-only overviews (admin only; docs/operations.md "Operator console"):
//   POST /api/admin/dashboard        {} → the live dashboard (worker/admin-dashboard/dashboard.ts)
//   POST /api/admin/fairness/chains  {} → each hash chain's status (worker/admin-dashboard/chains.ts)
// and the chains' rotation announcements (audited):
//   POST /api/admin/fairness/announce {chain, terminal, length, from_round, note_ru?, note_en?}
//   POST /api/admin/fairness/withdraw {id}
// and, with the dev flag only, a live room's profile for the benches:
//   POST /api/admin/rooms/profile {room, level?, reset}
import { adminOpsCalls } from "../../../shared/api/admin-ops";
import { announceChain, chainsStatus, withdrawAnnouncement } from "../../admin-dashboard/chains";
import { dashboard } from "../../admin-dashboard/dashboard";
import { isDev } from "../../env";
import { crashRoom } from "../../rooms/crash/stub";
import { jackpotRoom } from "../../rooms/jackpot/stub";
import { wheelRoom } from "../../rooms/wheel/stub";
import { contractRoutes, refuse, serve } from "../contract-routes";

export const adminDashboardRoutes = contractRoutes();

serve(adminDashboardRoutes, adminOpsCalls.dashboard, async (c) => c.json(await dashboard(c.env), 200));

serve(adminDashboardRoutes, adminOpsCalls.fairnessChains, async (c) => c.json(await chainsStatus(c.env), 200));

serve(adminDashboardRoutes, adminOpsCalls.chainAnnounce, async (c) => {
  const done = await announceChain(c.env, { ...c.req.valid("json"), adminId: c.get("user").id });
  if (!done.ok) return refuse(c, adminOpsCalls.chainAnnounce, done.key);
  return c.json({ success: true as const, announcement: done.announcement }, 200);
});

serve(adminDashboardRoutes, adminOpsCalls.chainWithdraw, async (c) => {
  const done = await withdrawAnnouncement(c.env, { id: c.req.valid("json").id, adminId: c.get("user").id });
  if (!done.ok) return refuse(c, adminOpsCalls.chainWithdraw, done.key);
  return c.json({ success: true as const, announcement: done.announcement }, 200);
});

serve(adminDashboardRoutes, adminOpsCalls.roomProfile, async (c) => {
  if (!isDev(c.env)) return refuse(c, adminOpsCalls.roomProfile, "app_api.not_found");
  const { room, level, reset } = c.req.valid("json");
  const stub = room === "crash" ? crashRoom(c.env) : room === "wheel" ? wheelRoom(c.env) : jackpotRoom(c.env, level ?? "medium");
  return c.json(await stub.profileReport(reset), 200);
});
