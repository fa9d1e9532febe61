// /api/user/protection/* (docs/protection.md): the player's own limits, breaks and agreement. Only
// the player changes them, and only in the safe direction at once: nothing here lets anyone
// shorten a break or loosen a limit without its cooling-off.
import { protectionCalls } from "../../../shared/api/protection";
import { TERMS } from "../../../shared/constants";
import { acceptTerms, breakEnd, readProtection, requestLift, setLimit, setRealityCheck, startBreak } from "../../protection/queries";
import { contractRoutes, refuse, serve } from "../contract-routes";
import { toDollars } from "../../../shared/money";
import { sessionFigures } from "../../protection/play";
import { withdrawQueue } from "../../withdraws/WithdrawQueue";

export const protectionRoutes = contractRoutes();

serve(protectionRoutes, protectionCalls.get, async (c) => c.json(await readProtection(c.env, c.get("user").id), 200));

serve(protectionRoutes, protectionCalls.session, async (c) => {
  const me = c.get("user").id;
  const f = await sessionFigures(c.env, me, c.get("tokenHash"));
  // readSession found this session a moment ago: it cannot be missing but by a logout in between
  const figures = f ?? { startedAt: Date.now(), stakes: 0, won: 0, realityCheckMinutes: 0 };
  return c.json(
    {
      started_at: figures.startedAt,
      stakes: toDollars(figures.stakes),
      won: toDollars(figures.won),
      net: toDollars(figures.won - figures.stakes),
      reality_check_minutes: figures.realityCheckMinutes,
    },
    200,
  );
});

serve(protectionRoutes, protectionCalls.setLimit, async (c) => {
  const { kind, amount } = c.req.valid("json");
  const me = c.get("user").id;
  const now = Date.now();
  // the same limit changed by several requests at once, again and again: the caller slows down
  if (!(await setLimit(c.env, me, kind, amount, now))) return refuse(c, protectionCalls.setLimit, "app_api.too_many_requests");
  return c.json({ success: true as const, message: "user_api.limit_saved" as const, protection: await readProtection(c.env, me, now) }, 200);
});

serve(protectionRoutes, protectionCalls.exclude, async (c) => {
  const { kind, period } = c.req.valid("json");
  const me = c.get("user").id;
  const now = Date.now();
  const endsAt = breakEnd(kind, period, now);
  // a time-out's periods are not a self-exclusion's: a mismatch is a bad request, not a break
  if (endsAt === undefined || (kind === "timeout" && endsAt === null)) return refuse(c, protectionCalls.exclude, "app_api.invalid_request");
  const done = await startBreak(c.env, me, kind, endsAt, now);
  if (!done.ok) return refuse(c, protectionCalls.exclude, done.key);
  // a pass now withdraws his open skins offers; a failed kick leaves them to the queue's next pass
  c.executionCtx.waitUntil(
    withdrawQueue(c.env)
      .kick()
      .catch((err: unknown) => console.error("trade bot queue kick failed", { user: me, err: String(err) })),
  );
  return c.json({ success: true as const, message: "user_api.break_started" as const, protection: await readProtection(c.env, me, now) }, 200);
});

serve(protectionRoutes, protectionCalls.requestLift, async (c) => {
  const me = c.get("user").id;
  const now = Date.now();
  if (!(await requestLift(c.env, me, now))) return refuse(c, protectionCalls.requestLift, "user_api.lift_not_due");
  return c.json({ success: true as const, message: "user_api.lift_requested" as const, protection: await readProtection(c.env, me, now) }, 200);
});

serve(protectionRoutes, protectionCalls.setRealityCheck, async (c) => {
  const me = c.get("user").id;
  await setRealityCheck(c.env, me, c.req.valid("json").minutes);
  return c.json({ success: true as const, message: "user_api.reality_check_saved" as const, protection: await readProtection(c.env, me) }, 200);
});

serve(protectionRoutes, protectionCalls.acceptTerms, async (c) => {
  // the page showed an older agreement than the one in force: it reloads and asks again
  if (c.req.valid("json").version !== TERMS.version) return refuse(c, protectionCalls.acceptTerms, "user_api.terms_outdated");
  await acceptTerms(c.env, c.get("user").id);
  return c.json({ success: true as const, message: "user_api.terms_accepted" as const }, 200);
});
