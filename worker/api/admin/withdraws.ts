// /api/admin/withdraws/* (admin only; docs/payments.md "Money withdrawals"): the money-withdrawal queue and
// the decision. Every decision is audited in the batch that makes it (money-withdraw/admin.ts).
//   POST /list   {status?, sort?, cursor?}     → {withdraws, next_cursor} (keyset pages)
//   POST /decide {id, decision, reason?}       → {success, withdraw}; reject needs a reason
import { moneyWithdrawCalls } from "../../../shared/api/money-withdraw";
import { pushBalance, pushNotification } from "../../lib/notify";
import { decideWithdrawal, listWithdrawals } from "../../money-withdraw/admin";
import { kickPayouts } from "../../money-withdraw/kick";
import { contractRoutes, refuse, serve } from "../contract-routes";

export const adminWithdrawRoutes = contractRoutes();

serve(adminWithdrawRoutes, moneyWithdrawCalls.adminList, async (c) => c.json(await listWithdrawals(c.env, c.req.valid("json")), 200));

serve(adminWithdrawRoutes, moneyWithdrawCalls.adminDecide, async (c) => {
  const body = c.req.valid("json");
  const done = await decideWithdrawal(c.env, { ...body, adminId: c.get("user").id });
  if (!done.ok) return refuse(c, moneyWithdrawCalls.adminDecide, done.key);
  if (done.approved) await kickPayouts(c.env);
  else {
    await pushBalance(c.env, done.userId);
    await pushNotification(c.env, done.userId, done.notification);
  }
  return c.json({ success: true as const, withdraw: done.withdraw }, 200);
});
