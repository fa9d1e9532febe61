// /api/admin/payments/* (admin only): the payments list for support (worker/payments/admin.ts) and
// the one decision on a payment in review (worker/payments/admin-decide.ts: credit or refuse,
// audited in its batch).
import { adminOpsCalls } from "../../../shared/api/admin-ops";
import { paymentsCalls } from "../../../shared/api/payments";
import { listPayments } from "../../payments/admin";
import { decidePayment } from "../../payments/admin-decide";
import { contractRoutes, refuse, serve } from "../contract-routes";

export const adminPaymentRoutes = contractRoutes();

serve(adminPaymentRoutes, paymentsCalls.adminList, async (c) => c.json(await listPayments(c.env, c.req.valid("json")), 200));

serve(adminPaymentRoutes, adminOpsCalls.paymentDecide, async (c) => {
  const { payment_id, decision, reason } = c.req.valid("json");
  const done = await decidePayment(c.env, { paymentId: payment_id, decision, reason, adminId: c.get("user").id });
  if (!done.ok) return refuse(c, adminOpsCalls.paymentDecide, done.key);
  return c.json({ success: true as const, payment: done.payment }, 200);
});
