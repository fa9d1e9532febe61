// /api/admin/crash/* (admin only, audited). Outcome-changing tools exist only with the dev flag
// (docs/architecture.md "Where things are"): forceCrash crashes the running round now, scheduleTwist fixes the next
// round's point; both mark the round not provably fair. In production forceCrash is the
// emergency stop: the round is voided and every bet refunded (items back to their owners).
import { crashCalls } from "../../../shared/api/crash";
import { toHundredths } from "../../../shared/crash-curve";
import { isDev } from "../../env";
import { writeAudit } from "../../lib/audit";
import { crashRoom } from "../../rooms/crash/stub";
import { contractRoutes, refuse, serve } from "../contract-routes";

export const adminCrashRoutes = contractRoutes();

serve(adminCrashRoutes, crashCalls.forceCrash, async (c) => {
  const admin = c.get("user");
  const dev = isDev(c.env);
  const done = await crashRoom(c.env).adminStop(dev ? "crash" : "void");
  if (!done.ok) return refuse(c, crashCalls.forceCrash, done.key);
  await writeAudit(c.env, { actorId: admin.id, action: dev ? "crash.force_crash" : "crash.emergency_stop", details: { roundId: done.roundId } });
  return c.json({ success: true as const, action: dev ? ("crashed" as const) : ("voided" as const), roundId: done.roundId }, 200);
});

serve(adminCrashRoutes, crashCalls.scheduleTwist, async (c) => {
  if (!isDev(c.env)) return refuse(c, crashCalls.scheduleTwist, "app_api.not_found");
  const admin = c.get("user");
  const nextCrash = toHundredths(c.req.valid("json").nextCrash);
  const done = await crashRoom(c.env).scheduleTwist(nextCrash);
  await writeAudit(c.env, {
    actorId: admin.id,
    action: "crash.schedule_twist",
    details: { nextCrash: c.req.valid("json").nextCrash, roundId: done.roundId },
  });
  return c.json({ success: true as const, action: "scheduled" as const, roundId: done.roundId }, 200);
});
