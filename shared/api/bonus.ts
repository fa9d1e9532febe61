// The bonus pool (spec §3 Bonus, §7 /api/jackpot-bonus/*; docs/games.md "Bonus pool"): the public shapes
// the room and the API share, request bodies, answers and the calls. Money is dollars (≤ 2
// decimals) in JSON, cents inside; times epoch ms.
import { z } from "zod";
import { BONUS } from "../constants";
import { dollarsJson } from "../money";
import { emptyBody, idSchema } from "./common";
import { contract } from "./contract";
import { betUserJson } from "./crash";

const epochMs = z.number().int().nonnegative();
const count = z.number().int().nonnegative();
const place = z.number().int().min(1).max(BONUS.winnerShares.length);

/** A place of a draw: who, which place, the sum won. */
export const bonusWinnerJson = z.strictObject({ place, user: betUserJson, sum: dollarsJson });
export type BonusWinnerJson = z.infer<typeof bonusWinnerJson>;

/** The open round as the button and the panel show it (§3 Bonus: bank, end_time, server_time). */
export const bonusRoundLive = z.strictObject({
  round_id: z.number().int().positive(),
  public_hash: z.string(),
  bank: dollarsJson,
  /** null until the bank reaches `min_bank` (the button shows a filling scale), then the draw time */
  end_time: epochMs.nullable(),
  participants: count,
  /** the bank that starts the timer (configuration) */
  min_bank: dollarsJson,
  server_time: epochMs,
});
export type BonusRoundLive = z.infer<typeof bonusRoundLive>;

// ── GET /api/jackpot-bonus/get-conditions ────────────────────────────────────
/** One condition: off (`is_active` false: not required), met, the required number and the player's. */
export const bonusCondition = z.strictObject({
  is_active: z.boolean(),
  is_completed: z.boolean(),
  /** the nickname's tag (text), the messages (count), the crash bet sum (dollars) */
  required: z.union([z.string(), z.number().nonnegative()]),
  /** the player's own: 1/0 for the nickname, messages posted, dollars bet in crash */
  progress: z.number().nonnegative(),
});
export type BonusCondition = z.infer<typeof bonusCondition>;

export const bonusConditionsAnswer = z.strictObject({
  conditions: z.strictObject({ username: bonusCondition, chat_messages: bonusCondition, total_bet_sum: bonusCondition }),
  /** whether the player is in the open round */
  participating: z.boolean(),
  round: bonusRoundLive,
});

// ── POST /api/jackpot-bonus/join (user_sendTakeBonus) ────────────────────────
export const bonusJoinAnswer = z.strictObject({
  success: z.literal(true),
  message: z.literal("bonus_api.joined"),
  round_id: z.number().int().positive(),
  participants: count,
});

// ── POST /api/jackpot-bonus/round {id} ───────────────────────────────────────
export const bonusRoundBody = z.object({ id: idSchema });

/** A drawn round with everything its verification needs (docs/fairness.md "Provably fair"). */
export const bonusRoundJson = z.strictObject({
  id: z.number().int().positive(),
  status: z.enum(["drawn", "finished"]),
  public_hash: z.string(),
  /** the chain link, revealed at the draw */
  secret: z.string().nullable(),
  /** the bonus chain's salt (configuration) */
  salt: z.string(),
  day_of_month: z.number().int().min(1).max(31),
  bank: dollarsJson,
  paid: dollarsJson,
  carried: dollarsJson,
  end_time: epochMs.nullable(),
  /** user ids in join order: the list the draw picks from */
  participants: z.array(z.number().int().positive()),
  winners: z.array(bonusWinnerJson),
});
export type BonusRoundJson = z.infer<typeof bonusRoundJson>;
export const bonusRoundAnswer = z.strictObject({ round: bonusRoundJson });

// ── the calls (shared/api/contract.ts) ───────────────────────────────────────
export const bonusCalls = {
  conditions: contract({
    method: "GET",
    path: "/api/jackpot-bonus/get-conditions",
    access: "user",
    answer: bonusConditionsAnswer,
    refusals: {},
    summary: "The pool's join conditions with the caller's progress, and the open round",
  }),
  join: contract({
    method: "POST",
    path: "/api/jackpot-bonus/join",
    access: "user",
    body: emptyBody,
    answer: bonusJoinAnswer,
    refusals: {
      "bonus_api.no_nickname": 403,
      "bonus_api.chat_messages": 403,
      "bonus_api.bet_sum": 403,
      "bonus_api.round_closed": 409,
      "user_api.excluded": 403,
    },
    summary: "Joins the open round (user_sendTakeBonus) once every active condition is met; joining twice answers the same",
  }),
  round: contract({
    method: "POST",
    path: "/api/jackpot-bonus/round",
    access: "public",
    body: bonusRoundBody,
    answer: bonusRoundAnswer,
    refusals: { "bonus_api.round_not_found": 404 },
    summary: "A drawn round: its secret, salt, participants in join order and winners (the open round is not shown)",
  }),
};
