// Player protection (docs/protection.md): /api/user/protection/* — the limits a player sets on
// himself, time-outs and self-exclusion, and the agreement's current version accepted again.
import { z } from "zod";
import { LIMIT_KINDS, PROTECTION } from "../constants";
import { dollarsJson, signedDollarsJson, toCents } from "../money";
import { emptyBody } from "./common";
import { contract } from "./contract";

/** What a bet refused by player protection answers, in every room's bet contract. */
export const PROTECTION_REFUSALS = {
  "user_api.excluded": 403,
  "user_api.terms_outdated": 403,
  "user_api.stake_limit": 400,
  "user_api.loss_limit_day": 409,
  "user_api.loss_limit_week": 409,
  "user_api.loss_limit_month": 409,
} as const;

/** A limit's amount in dollars (a JSON number, at most two decimals, above 0, up to PROTECTION.maxLimitCents) → cents; null removes it. */
const limitDollars = z
  .number()
  .transform((v, ctx) => {
    let cents: number;
    try {
      cents = toCents(v);
    } catch {
      cents = 0;
    }
    if (cents > 0 && cents <= PROTECTION.maxLimitCents) return cents;
    ctx.addIssue({ code: "custom", message: "a limit is dollars with at most two decimals, above 0 and within the maximum" });
    return z.NEVER;
  })
  .nullable();

export const setLimitBody = z.strictObject({ kind: z.enum(LIMIT_KINDS), amount: limitDollars });

const limitJson = z.strictObject({
  kind: z.enum(LIMIT_KINDS),
  /** in force now, dollars; null: none */
  amount: dollarsJson.nullable(),
  /** a looser limit (or none: null) waiting for the cooling-off, and when it applies */
  pending: z.strictObject({ amount: dollarsJson.nullable(), at: z.number().int() }).nullable(),
  /** a period limit: what counts so far this period (dollars; a loss limit's net loss, 0 when ahead, only once it is set) and when it starts again */
  used: dollarsJson.nullable(),
  /** what the limit in force leaves now, as its guard judges (dollars): the stake limit itself, a period limit's amount less what counts; null: none in force */
  left: dollarsJson.nullable(),
  resets_at: z.number().int().nullable(),
});

const exclusionJson = z.strictObject({
  kind: z.enum(["timeout", "self_exclusion"]),
  started_at: z.number().int(),
  /** null: permanent */
  ends_at: z.number().int().nullable(),
  /** a self-exclusion past its end that the player asked to end: when it ends */
  lifts_at: z.number().int().nullable(),
  active: z.boolean(),
});

export const protectionAnswer = z.strictObject({
  limits: z.array(limitJson),
  exclusion: exclusionJson.nullable(),
  terms: z.strictObject({ current: z.string(), accepted: z.string().nullable(), adult: z.boolean() }),
  /** minutes between reality checks (0: off), the player's choice kept on his account */
  reality_check_minutes: z.number().int().min(0),
});
export type ProtectionJson = z.infer<typeof protectionAnswer>;

/** The sign-in session's figures (the reality check and the header): since when, staked, won, won − staked. */
export const sessionAnswer = z.strictObject({
  started_at: z.number().int(),
  stakes: dollarsJson,
  won: dollarsJson,
  net: signedDollarsJson,
  /** the player's minutes between reality checks (0: off): the check reads it with the figures */
  reality_check_minutes: z.number().int().min(0),
});
export type SessionJson = z.infer<typeof sessionAnswer>;

export const excludeBody = z.strictObject({
  kind: z.enum(["timeout", "self_exclusion"]),
  period: z.enum(["24h", "7d", "30d", "6m", "1y", "5y", "permanent"]),
});

const [firstChoice, ...otherChoices] = PROTECTION.realityCheckMinutes.map((m) => z.literal(m));
export const realityCheckBody = z.strictObject({ minutes: z.union([firstChoice!, ...otherChoices]) });

export const acceptTermsBody = z.strictObject({ version: z.string().max(40), adult: z.literal(true) });

const done = <K extends string>(key: K) => z.strictObject({ success: z.literal(true), message: z.literal(key) });

export const protectionCalls = {
  get: contract({
    method: "POST",
    path: "/api/user/protection/get",
    access: "user",
    body: emptyBody,
    answer: protectionAnswer,
    refusals: {},
    summary: "The player's limits (in force, pending, used this period), time-out or self-exclusion, and agreement",
  }),
  session: contract({
    method: "POST",
    path: "/api/user/protection/session",
    access: "user",
    body: emptyBody,
    answer: sessionAnswer,
    refusals: {},
    summary: "The sign-in session's length and play: what was staked and won since it began, and the net result",
  }),
  setLimit: contract({
    method: "POST",
    path: "/api/user/protection/setLimit",
    access: "user",
    body: setLimitBody,
    answer: done("user_api.limit_saved").extend({ protection: protectionAnswer }),
    // the same limit changed by other requests on every try (worker/protection/queries.ts setLimit)
    refusals: { "app_api.too_many_requests": 429 },
    summary: "Sets, raises or removes a limit: tighter applies at once, looser after the cooling-off",
  }),
  exclude: contract({
    method: "POST",
    path: "/api/user/protection/exclude",
    access: "user",
    body: excludeBody,
    answer: done("user_api.break_started").extend({ protection: protectionAnswer }),
    refusals: { "user_api.break_not_shorter": 409 },
    summary: "Starts a time-out or a self-exclusion; one running can only be made longer",
  }),
  requestLift: contract({
    method: "POST",
    path: "/api/user/protection/requestLift",
    access: "user",
    body: emptyBody,
    answer: done("user_api.lift_requested").extend({ protection: protectionAnswer }),
    refusals: { "user_api.lift_not_due": 409 },
    summary: "Asks to end a self-exclusion past its end: it ends after the wait",
  }),
  setRealityCheck: contract({
    method: "POST",
    path: "/api/user/protection/setRealityCheck",
    access: "user",
    body: realityCheckBody,
    answer: done("user_api.reality_check_saved").extend({ protection: protectionAnswer }),
    refusals: {},
    summary: "Sets the minutes between reality checks (one of the offered intervals; 0 turns them off), on the account",
  }),
  acceptTerms: contract({
    method: "POST",
    path: "/api/user/protection/acceptTerms",
    access: "user",
    body: acceptTermsBody,
    answer: done("user_api.terms_accepted"),
    refusals: { "user_api.terms_outdated": 409 },
    summary: "Accepts the agreement's current version and confirms the age again",
  }),
} as const;
