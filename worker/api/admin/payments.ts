// /api/admin/payments/* (admin only): the payments list for support (worker/payments/admin.ts).
import { paymentsCalls } from "../../../shared/api/payments";
import { listPayments } from "../../payments/admin";
import { contractRoutes, serve } from "../contract-routes";

export const adminPaymentRoutes = contractRoutes();

serve(adminPaymentRoutes, paymentsCalls.adminList, async (c) => c.json(await listPayments(c.env, c.req.valid("json").status), 200));
