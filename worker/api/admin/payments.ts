// /api/admin/payments/* (admin only): the payments list for support (worker/payments/admin.ts).
import { Hono } from "hono";
import { adminPaymentsAnswer, adminPaymentsBody } from "../../../shared/api/payments";
import { requireAdmin } from "../../auth/middleware";
import type { AppEnv } from "../../env";
import { jsonBody } from "../../lib/http";
import { listPayments } from "../../payments/admin";
import { answer } from "../answer";

export const adminPaymentRoutes = new Hono<AppEnv>()
  .use(requireAdmin)
  .post("/list", jsonBody(adminPaymentsBody), async (c) => answer(c, adminPaymentsAnswer, await listPayments(c.env, c.req.valid("json").status)));
