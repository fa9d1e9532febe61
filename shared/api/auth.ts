// Sign-in (§4 Login, §7 /socialite/*, test login, logout): queries, answers, the window message.
import { z } from "zod";
import { AUTH } from "../constants";

// ---- dev login (GET /api/auth/test-login, dev flag only) ----

/** 1–32 letters (any script), digits, "_", "-" or ".". */
export const DEV_USERNAME_PATTERN = /^[\p{L}\p{N}_.-]+$/u;
export const devUsernameSchema = z.string().min(1).max(AUTH.usernameMaxLength).regex(DEV_USERNAME_PATTERN);

export const TEST_LOGIN_ROLES = ["admin", "moderator"] as const;
export type TestLoginRole = (typeof TEST_LOGIN_ROLES)[number];

export const testLoginQuery = z.object({
  username: devUsernameSchema,
  role: z.enum(TEST_LOGIN_ROLES).optional(),
});
export type TestLoginQuery = z.infer<typeof testLoginQuery>;

/** The raw token, without the "Bearer " prefix. */
export const testLoginAnswer = z.object({ api_token: z.string().regex(/^[0-9a-f]{64}$/) });
export type TestLoginAnswer = z.infer<typeof testLoginAnswer>;

// ---- logout (POST /api/auth/logout) ----

export const logoutAnswer = z.object({ success: z.literal(true) });
export type LogoutAnswer = z.infer<typeof logoutAnswer>;

// ---- the sign-in page's window message (contracts.md "Sign-in popup") ----

export const authSuccessMessage = z.object({
  source: z.literal(AUTH.messageSource),
  /** "Bearer <token>"; the SPA cuts the 7-character prefix. */
  token: z.string().startsWith("Bearer "),
});
export const authErrorMessage = z.object({
  source: z.literal(AUTH.messageSource),
  /** app_error.login, or user_api.banned when a banned player signs in. */
  error: z.string().min(1),
});
export const authMessage = z.union([authSuccessMessage, authErrorMessage]);
export type AuthMessage = z.infer<typeof authMessage>;

export const SOCIALITE_PROVIDERS = ["steam", "vk"] as const;
export type SocialiteProvider = (typeof SOCIALITE_PROVIDERS)[number];
