// /api/admin/otp/* (docs/security.md "Second factor"): a staff member enrols a TOTP authenticator
// and passes it for this session; an admin clears one (a lost phone). status/enroll/confirm/verify
// need a staff role only — they are how a staff session gets past the factor.
import { otpCalls } from "../../../shared/api/staff-otp";
import { USER_NOT_FOUND } from "../../../shared/errors";
import { factorValidUntil } from "../../auth/second-factor";
import { clientIp } from "../../lib/request-context";
import { confirmEnrolment, otpStatus, resetOtp, startEnrolment, verifyCode } from "../../staff/otp";
import { findUser } from "../../user/queries";
import { contractRoutes, refuse, serve } from "../contract-routes";

export const adminOtpRoutes = contractRoutes();

serve(adminOtpRoutes, otpCalls.status, async (c) => {
  const user = c.get("user");
  const status = await otpStatus(c.env, user.id);
  const until = factorValidUntil(c.env, c.get("secondFactorAt"));
  return c.json(
    { ...status, passed_until: until !== null && until > Date.now() ? until : null, role: user.isAdmin ? ("admin" as const) : ("moderator" as const) },
    200,
  );
});

serve(adminOtpRoutes, otpCalls.enroll, async (c) => {
  const started = await startEnrolment(c.env, c.get("user"));
  if (!started.ok) return refuse(c, otpCalls.enroll, started.key === "user_api.otp_not_configured" ? started.key : "user_api.otp_already_enrolled");
  return c.json({ secret: started.secret, uri: started.uri }, 200);
});

serve(adminOtpRoutes, otpCalls.confirm, async (c) => {
  const now = Date.now();
  const done = await confirmEnrolment(c.env, attempt(c, now));
  if (!done.ok)
    return done.key === "user_api.otp_locked" ? refuse(c, otpCalls.confirm, done.key, { minutes: done.minutes }) : refuse(c, otpCalls.confirm, done.key);
  return c.json({ success: true as const, recovery_codes: done.recoveryCodes, passed_until: factorValidUntil(c.env, now) ?? now }, 200);
});

serve(adminOtpRoutes, otpCalls.verify, async (c) => {
  const now = Date.now();
  const done = await verifyCode(c.env, attempt(c, now));
  if (!done.ok) {
    if (done.key === "user_api.otp_locked") return refuse(c, otpCalls.verify, done.key, { minutes: done.minutes });
    if (done.key === "user_api.otp_already_enrolled") return refuse(c, otpCalls.verify, "user_api.otp_invalid");
    return refuse(c, otpCalls.verify, done.key);
  }
  return c.json({ success: true as const, method: done.method, passed_until: factorValidUntil(c.env, now) ?? now }, 200);
});

serve(adminOtpRoutes, otpCalls.reset, async (c) => {
  const { user_id: userId } = c.req.valid("json");
  if (!(await findUser(c.env, userId))) return refuse(c, otpCalls.reset, USER_NOT_FOUND);
  const done = await resetOtp(c.env, { id: c.get("user").id, ip: clientIp((n) => c.req.header(n)) }, userId);
  if (!done) return refuse(c, otpCalls.reset, "user_api.otp_not_enrolled");
  return c.json({ success: true as const }, 200);
});

// biome-ignore lint/suspicious/noExplicitAny: the handlers' contexts differ only in their route types
function attempt(c: any, now: number) {
  return {
    userId: c.get("user").id as number,
    session: c.get("tokenHash") as string,
    code: c.req.valid("json").code as string,
    ip: clientIp((n: string) => c.req.header(n)),
    now,
  };
}
