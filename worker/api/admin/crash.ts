// /api/admin/crash/* (admin only, audited). Outcome-changing tools exist only with the dev flag
// (README "Where things are"): forceCrash crashes the running round now, scheduleTwist fixes the next
// round's point; both mark the round not provably fair. In production forceCrash is the
// emergency stop: the round is voided and every bet refunded (items back to their owners).
import { Hono } from "hono";
import { adminCrashAnswer, forceCrashBody, scheduleTwistBody } from "../../../shared/api/crash";
import { toHundredths } from "../../../shared/crash-curve";
import { requireAdmin } from "../../auth/middleware";
import { isDev, type AppEnv } from "../../env";
import { writeAudit } from "../../lib/audit";
import { fail, jsonBody } from "../../lib/http";
import { crashRoom } from "../../rooms/crash/stub";
import { answer } from "../answer";

export const adminCrashRoutes = new Hono<AppEnv>()
  .use(requireAdmin)
  .post("/forceCrash", jsonBody(forceCrashBody), async (c) => {
    const admin = c.get("user");
    const dev = isDev(c.env);
    const done = await crashRoom(c.env).adminStop(dev ? "crash" : "void");
    if (!done.ok) return fail(c, 409, done.message);
    await writeAudit(c.env, { actorId: admin.id, action: dev ? "crash.force_crash" : "crash.emergency_stop", details: { roundId: done.roundId } });
    return answer(c, adminCrashAnswer, { success: true, action: dev ? "crashed" : "voided", roundId: done.roundId });
  })
  .post("/scheduleTwist", jsonBody(scheduleTwistBody), async (c) => {
    if (!isDev(c.env)) return fail(c, 404, "app_api.not_found");
    const admin = c.get("user");
    const nextCrash = toHundredths(c.req.valid("json").nextCrash);
    const done = await crashRoom(c.env).scheduleTwist(nextCrash);
    await writeAudit(c.env, {
      actorId: admin.id,
      action: "crash.schedule_twist",
      details: { nextCrash: c.req.valid("json").nextCrash, roundId: done.roundId },
    });
    return answer(c, adminCrashAnswer, { success: true, action: "scheduled", roundId: done.roundId });
  });
