// Sign-in (§4 Login, §7 /socialite/*, test login, logout): queries, answers, the window message.
import { z } from "zod";
import { AUTH, TERMS } from "../constants";
import { emptyBody } from "./common";
import { contract } from "./contract";

// ---- dev login (GET /api/auth/test-login, dev flag only) ----

/** 1–32 letters (any script), digits, "_", "-" or ".". */
export const DEV_USERNAME_PATTERN = /^[\p{L}\p{N}_.-]+$/u;
export const devUsernameSchema = z.string().min(1).max(AUTH.usernameMaxLength).regex(DEV_USERNAME_PATTERN);

export const TEST_LOGIN_ROLES = ["admin", "moderator"] as const;
export type TestLoginRole = (typeof TEST_LOGIN_ROLES)[number];

export const testLoginQuery = z.object({
  username: devUsernameSchema,
  role: z.enum(TEST_LOGIN_ROLES).optional(),
  /**
   * A staff session has passed the second factor unless this says `required` (dev only: the
   * tests and the demo work without an authenticator; the enrolment test asks for `required`).
   */
  second_factor: z.enum(["passed", "required"]).optional(),
});

/** The raw token, without the "Bearer " prefix. */
export const testLoginAnswer = z.object({ api_token: z.string().regex(/^[0-9a-f]{64}$/) });

// ---- logout (POST /api/auth/logout) ----

export const logoutAnswer = z.object({ success: z.literal(true) });

export const authCalls = {
  testLogin: contract({
    method: "GET",
    path: "/api/auth/test-login",
    access: "public",
    query: testLoginQuery,
    answer: testLoginAnswer,
    refusals: { "app_api.not_found": 404 },
    summary: "Dev flag only (404 otherwise): sign in as this username, optionally with a staff role",
  }),
  logout: contract({
    method: "POST",
    path: "/api/auth/logout",
    access: "user",
    body: emptyBody,
    answer: logoutAnswer,
    refusals: {},
    summary: "Revokes the session and closes the sockets it opened",
  }),
};

// ---- the sign-in attempt (GET /socialite/<provider>?nonce=…) ----

/**
 * The attempt's nonce: the opening tab makes it, keeps it in sessionStorage and accepts a token
 * only when it comes back with the same nonce (login CSRF: a link cannot sign anyone in).
 */
export const SIGN_IN_NONCE_PATTERN = /^[A-Za-z0-9_-]{32,64}$/;
export const signInNonce = z.string().regex(SIGN_IN_NONCE_PATTERN);
/** The start of a sign-in: the attempt's nonce and the agreement version the player ticked (only the current one signs in, §5). */
export const socialiteStartQuery = z.object({ nonce: signInNonce, terms: z.literal(TERMS.version) });

// ---- the sign-in page's window message (docs/security.md "Sign-in binding") ----

export const authSuccessMessage = z.object({
  source: z.literal(AUTH.messageSource),
  /** "Bearer <token>"; the SPA cuts the 7-character prefix. */
  token: z.string().startsWith("Bearer "),
  /** The nonce of the attempt that started this sign-in. */
  nonce: signInNonce,
});
export const authErrorMessage = z.object({
  source: z.literal(AUTH.messageSource),
  /** app_error.login, or user_api.banned when a banned player signs in. */
  error: z.string().min(1),
  /** The attempt's nonce when it is known (a refusal before any state has none). */
  nonce: signInNonce.optional(),
});
export const authMessage = z.union([authSuccessMessage, authErrorMessage]);
export type AuthMessage = z.infer<typeof authMessage>;

export const SOCIALITE_PROVIDERS = ["steam", "vk"] as const;
export type SocialiteProvider = (typeof SOCIALITE_PROVIDERS)[number];
