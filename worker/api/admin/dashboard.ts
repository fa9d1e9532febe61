// The operator console's read-only overviews (admin only; docs/operations.md "Operator console"):
//   POST /api/admin/dashboard        {} → the live dashboard (worker/admin-dashboard/dashboard.ts)
//   POST /api/admin/fairness/chains  {} → each hash chain's status (worker/admin-dashboard/chains.ts)
import { adminOpsCalls } from "../../../shared/api/admin-ops";
import { chainsStatus } from "../../admin-dashboard/chains";
import { dashboard } from "../../admin-dashboard/dashboard";
import { contractRoutes, serve } from "../contract-routes";

export const adminDashboardRoutes = contractRoutes();

serve(adminDashboardRoutes, adminOpsCalls.dashboard, async (c) => c.json(await dashboard(c.env), 200));

serve(adminDashboardRoutes, adminOpsCalls.fairnessChains, async (c) => c.json(await chainsStatus(c.env), 200));
