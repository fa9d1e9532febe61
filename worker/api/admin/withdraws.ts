// /api/admin/withdraws/* (admin only; README "Money withdrawals"): the money-withdrawal queue and
// the decision. Every decision is audited in the batch that makes it (money-withdraw/admin.ts).
//   POST /list   {status?}                     → {withdraws}
//   POST /decide {id, decision, reason?}       → {success, withdraw}; reject needs a reason
import { Hono } from "hono";
import { adminWithdrawDecideAnswer, adminWithdrawDecideBody, adminWithdrawListAnswer, adminWithdrawListBody } from "../../../shared/api/money-withdraw";
import { requireAdmin } from "../../auth/middleware";
import type { AppEnv } from "../../env";
import { fail, jsonBody } from "../../lib/http";
import { pushBalance, pushNotification } from "../../lib/notify";
import { decideWithdrawal, listWithdrawals } from "../../money-withdraw/admin";
import { kickPayouts } from "../../money-withdraw/kick";
import { answer } from "../answer";

export const adminWithdrawRoutes = new Hono<AppEnv>()
  .use(requireAdmin)
  .post("/list", jsonBody(adminWithdrawListBody), async (c) =>
    answer(c, adminWithdrawListAnswer, { withdraws: await listWithdrawals(c.env, c.req.valid("json").status) }),
  )
  .post("/decide", jsonBody(adminWithdrawDecideBody), async (c) => {
    const body = c.req.valid("json");
    const done = await decideWithdrawal(c.env, { ...body, adminId: c.get("user").id });
    if (!done.ok) return fail(c, done.status, done.key);
    if (done.approved) await kickPayouts(c.env);
    else {
      await pushBalance(c.env, done.userId);
      await pushNotification(c.env, done.userId, done.notification);
    }
    return answer(c, adminWithdrawDecideAnswer, { success: true, withdraw: done.withdraw });
  });
