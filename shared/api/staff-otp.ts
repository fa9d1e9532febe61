// The staff second factor under /api/admin/otp (docs/security.md "Second factor"): these routes
// need a staff role but not the factor itself; every other staff route needs both.
import { z } from "zod";
import { STAFF_OTP } from "../constants";
import { USER_NOT_FOUND } from "../errors";
import { emptyBody } from "./common";
import { contract } from "./contract";
import { userIdSchema } from "./user";

export const otpStatusAnswer = z.object({
  /** a confirmed authenticator exists for this account */
  enrolled: z.boolean(),
  /** until when this session stays past the factor (epoch ms), or null: it must pass now */
  passed_until: z.number().int().nullable(),
  /** wrong codes locked the factor until then (epoch ms), or null */
  locked_until: z.number().int().nullable(),
  recovery_left: z.number().int().nonnegative(),
  role: z.enum(["admin", "moderator"]),
});

export const otpEnrollAnswer = z.object({
  /** base32, for typing into the app by hand */
  secret: z.string(),
  /** the otpauth:// URI the QR code carries */
  uri: z.string(),
});

/** A 6-digit code from the app or a recovery code (xxxxx-xxxxx). */
export const otpCodeBody = z.strictObject({ code: z.string().trim().min(STAFF_OTP.digits).max(20) });

export const otpConfirmAnswer = z.object({
  success: z.literal(true),
  /** shown once: only their hashes are stored */
  recovery_codes: z.array(z.string()).length(STAFF_OTP.recoveryCodes),
  passed_until: z.number().int(),
});

export const otpVerifyAnswer = z.object({ success: z.literal(true), passed_until: z.number().int(), method: z.enum(["totp", "recovery"]) });

export const otpResetBody = z.strictObject({ user_id: userIdSchema });

const codeRefusals = { "user_api.otp_invalid": 400, "user_api.otp_locked": 429 } as const;
/** The server has no key to keep the secrets with (STAFF_OTP_KEY): no enrolment, no code checked. */
const notConfigured = { "user_api.otp_not_configured": 503 } as const;

export const otpCalls = {
  status: contract({
    method: "POST",
    path: "/api/admin/otp/status",
    access: "staff_factor",
    body: emptyBody,
    answer: otpStatusAnswer,
    refusals: {},
    summary: "The caller's second factor: enrolled, how long this session stays past it, a lock",
  }),
  enroll: contract({
    method: "POST",
    path: "/api/admin/otp/enroll",
    access: "staff_factor",
    body: emptyBody,
    answer: otpEnrollAnswer,
    refusals: { "user_api.otp_already_enrolled": 409, ...notConfigured },
    summary: "Starts enrolment: a fresh TOTP secret and its otpauth URI (for the QR code)",
  }),
  confirm: contract({
    method: "POST",
    path: "/api/admin/otp/confirm",
    access: "staff_factor",
    body: otpCodeBody,
    answer: otpConfirmAnswer,
    refusals: { ...codeRefusals, ...notConfigured, "user_api.otp_not_enrolled": 409, "user_api.otp_already_enrolled": 409 },
    summary: "Confirms enrolment with the first code; answers the recovery codes once",
  }),
  verify: contract({
    method: "POST",
    path: "/api/admin/otp/verify",
    access: "staff_factor",
    body: otpCodeBody,
    answer: otpVerifyAnswer,
    refusals: { ...codeRefusals, ...notConfigured, "user_api.otp_not_enrolled": 409 },
    summary: "Passes the second factor for this session with a TOTP or recovery code",
  }),
  reset: contract({
    method: "POST",
    path: "/api/admin/otp/reset",
    access: "admin",
    body: otpResetBody,
    answer: z.object({ success: z.literal(true) }),
    refusals: { [USER_NOT_FOUND]: 404, "user_api.otp_not_enrolled": 409 },
    summary: "Clears a staff account's second factor (a lost phone): it enrols again",
  }),
};
