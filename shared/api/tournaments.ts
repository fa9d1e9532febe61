// Tournaments (spec §1, §3 Tournament, §4, §7 /api/tournaments/*; docs/games.md "Tournaments"): the
// shapes the API and the hub's tournament frame share, the bodies, answers and calls — the
// players' three of §7 and the staff's template. Money is dollars in JSON, points integers (one
// per cent staked), times epoch ms. Staff: the template, cancelling the running tournament (no
// prizes), and the past tournaments page by page.
import { z } from "zod";
import { TOURNAMENT } from "../constants";
import { dollarsJson, dollarsSchema } from "../money";
import { emptyBody, idNumberSchema, idSchema, pageSchema } from "./common";
import { contract } from "./contract";
import { betUserJson } from "./crash";

const epochMs = z.number().int().nonnegative();
const count = z.number().int().nonnegative();

/** A ranked participant: place 1 first; ties: who reached the score first. */
export const rankedJson = z.strictObject({ place: z.number().int().positive(), user: betUserJson, points: count });
export type RankedJson = z.infer<typeof rankedJson>;

/** §3 Tournament: status 0 running, 1 finished (prizes paid); 2 canceled by staff (no prizes). */
export const tournamentJson = z.strictObject({
  id: z.number().int().positive(),
  name: z.string(),
  description: z.string(),
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  prize_1: dollarsJson,
  prize_2: dollarsJson,
  prize_3: dollarsJson,
  prize_4: dollarsJson,
  prize_5: dollarsJson,
  /** the deposit sum made while it runs that joining needs (dollars; 0: none) */
  min_payment: dollarsJson,
  end_time: epochMs,
  created_at: epochMs,
  members: count,
});
export type TournamentJson = z.infer<typeof tournamentJson>;

/** A finished tournament with its winners (places 1–5 paid); a canceled one has none. */
export const pastTournamentJson = tournamentJson.extend({ winners: z.array(rankedJson.extend({ prize: dollarsJson })).max(TOURNAMENT.prizes) });

// ── POST /api/tournaments/get {page?} ────────────────────────────────────────
export const getBody = z.strictObject({
  page: pageSchema.optional(),
  /** the language of the name and the description (Russian by default, §1) */
  lang: z.enum(["ru", "en"]).optional(),
});
export const getAnswer = z.strictObject({
  /** the running tournament, or the last finished one when none runs (null: never any) */
  tournament: tournamentJson.nullable(),
  /** §3 "users with points": the asked page of the table */
  users: z.array(rankedJson).max(TOURNAMENT.pageSize),
  page: z.number().int().positive(),
  has_more: z.boolean(),
  /** the caller's own row, wherever it is (null: a visitor, or not joined) */
  me: rankedJson.nullable(),
  history: z.array(pastTournamentJson).max(TOURNAMENT.historyLength),
  server_time: epochMs,
});

// ── GET /api/tournaments/get-conditions ──────────────────────────────────────
export const tournamentCondition = z.strictObject({
  is_active: z.boolean(),
  is_completed: z.boolean(),
  required: z.number().nonnegative(),
  /** the player's own: 1/0 joined, dollars deposited since the tournament started */
  total: z.number().nonnegative(),
});
export const conditionsAnswer = z.strictObject({
  tournament_id: z.number().int().positive().nullable(),
  conditions: z.strictObject({ member: tournamentCondition, min_payment: tournamentCondition }),
});

// ── POST /api/tournaments/setActive {id?} ────────────────────────────────────
// §7 sends none: the running tournament. The SPA sends the id it shows, so a join meant for one
// that just ended never lands in the next.
export const setActiveBody = z.strictObject({ id: idSchema.optional() });
export const setActiveAnswer = z.strictObject({ success: z.literal(true), message: z.literal("tournament_api.joined"), members: count });

// ── staff: the template ──────────────────────────────────────────────────────
const prize = dollarsSchema.pipe(z.number().int().min(0).max(TOURNAMENT.maxPrizeCents));
/** What every tournament starts from; `enabled` false: when the running one ends, none follows. */
export const templateBody = z.strictObject({
  enabled: z.boolean(),
  name_ru: z.string().trim().min(1).max(TOURNAMENT.nameMaxLength),
  name_en: z.string().trim().min(1).max(TOURNAMENT.nameMaxLength),
  description_ru: z.string().trim().max(TOURNAMENT.descriptionMaxLength),
  description_en: z.string().trim().max(TOURNAMENT.descriptionMaxLength),
  duration_ms: z.number().int().min(TOURNAMENT.minDurationMs).max(TOURNAMENT.maxDurationMs),
  /** the five prizes, first place first, dollars in → cents out */
  prizes: z.tuple([prize, prize, prize, prize, prize]),
  min_payment: dollarsSchema.pipe(z.number().int().min(0)),
  /** start one now from this template when none runs */
  start_now: z.boolean().default(false),
});
export const templateJson = z.strictObject({
  enabled: z.boolean(),
  name_ru: z.string(),
  name_en: z.string(),
  description_ru: z.string(),
  description_en: z.string(),
  duration_ms: z.number().int().positive(),
  prizes: z.array(dollarsJson).length(TOURNAMENT.prizes),
  min_payment: dollarsJson,
});
export const templateAnswer = z.strictObject({ template: templateJson, running: tournamentJson.nullable() });
export const saveTemplateAnswer = templateAnswer.extend({ success: z.literal(true), message: z.literal("tournament_api.saved") });

// ── staff: cancel the running tournament, the past ones ─────────────────────
export const cancelTournamentBody = z.strictObject({ reason: z.string().trim().min(1).max(TOURNAMENT.cancelReasonMax) });
export const cancelTournamentAnswer = z.strictObject({
  success: z.literal(true),
  message: z.literal("tournament_api.canceled"),
  /** the tournament as it is now: status 2 */
  tournament: tournamentJson,
});

export const adminPastBody = z.strictObject({ cursor: idNumberSchema.optional() });
/** A past tournament as the console lists it: both languages' names, its prizes and what was paid. */
export const adminPastTournamentJson = z.strictObject({
  id: z.number().int().positive(),
  status: z.enum(["finished", "canceled"]),
  name_ru: z.string(),
  name_en: z.string(),
  prizes: z.array(dollarsJson).length(TOURNAMENT.prizes),
  members: count,
  created_at: epochMs,
  ends_at: epochMs,
  /** when it was paid or canceled */
  finished_at: epochMs.nullable(),
  winners: z.array(rankedJson.extend({ prize: dollarsJson })).max(TOURNAMENT.prizes),
});
export type AdminPastTournamentJson = z.infer<typeof adminPastTournamentJson>;
export const adminPastAnswer = z.strictObject({
  tournaments: z.array(adminPastTournamentJson),
  /** the cursor of the next page (the last row's id), null at the end */
  next: z.number().int().positive().nullable(),
});

export const tournamentCalls = {
  get: contract({
    method: "POST",
    path: "/api/tournaments/get",
    access: "public",
    body: getBody,
    answer: getAnswer,
    refusals: {},
    summary: "The running tournament (or the last one), a page of its table, the caller's own row and past tournaments",
  }),
  conditions: contract({
    method: "GET",
    path: "/api/tournaments/get-conditions",
    access: "user",
    answer: conditionsAnswer,
    refusals: {},
    summary: "The running tournament's conditions (member, min_payment) with the caller's progress",
  }),
  setActive: contract({
    method: "POST",
    path: "/api/tournaments/setActive",
    access: "user",
    body: setActiveBody,
    answer: setActiveAnswer,
    refusals: { "tournament_api.not_found": 404, "tournament_api.min_payment": 403, "user_api.excluded": 403 },
    summary: "Joins the running tournament {id} (min_payment deposited while it runs); joining twice answers the same",
  }),
  template: contract({
    method: "POST",
    path: "/api/admin/tournaments/template",
    access: "admin",
    body: emptyBody,
    answer: templateAnswer,
    refusals: {},
    summary: "The tournament template and the running tournament (admins)",
  }),
  saveTemplate: contract({
    method: "POST",
    path: "/api/admin/tournaments/save-template",
    access: "admin",
    body: templateBody,
    answer: saveTemplateAnswer,
    refusals: {},
    summary: "Saves the tournament template; start_now starts one when none runs (admins; audited)",
  }),
  cancel: contract({
    method: "POST",
    path: "/api/admin/tournaments/cancel",
    access: "admin",
    body: cancelTournamentBody,
    answer: cancelTournamentAnswer,
    refusals: { "tournament_api.none_running": 409 },
    summary: "Cancels the running tournament with a reason: no prizes, its participants told (admins; audited)",
  }),
  adminPast: contract({
    method: "POST",
    path: "/api/admin/tournaments/past",
    access: "admin",
    body: adminPastBody,
    answer: adminPastAnswer,
    refusals: {},
    summary: "Past tournaments (finished or canceled), newest first, with their winners; by cursor (admins)",
  }),
};
