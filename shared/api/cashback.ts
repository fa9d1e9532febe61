// POST /api/user/cashback/take (spec §7; docs/money.md "Cashback"). The body is empty; the answer says
// what moved. Cashback amounts are integer hundredths of a cent (shared/cashback.ts).
import { z } from "zod";
import { dollarsJson } from "../money";
import { emptyBody } from "./common";
import { contract } from "./contract";

/** hundredths of a cent, as users.cashback */
export const cashbackUnits = z.number().int().nonnegative();

export const takeCashbackAnswer = z.strictObject({
  type: z.literal("success"),
  message: z.literal("cashback_api.taken"),
  /** dollars moved to the balance */
  amount: dollarsJson,
  /** what is left (the sub-cent rest) */
  cashback: cashbackUnits,
  /** the balance after the take, dollars */
  balance: dollarsJson,
  /** epoch ms of the next possible take */
  next_take_at: z.number().int(),
});

/** The extra fields of the refusals (errorBody): too_soon carries next_take_at, min_deposit the minimum. */
export const cashbackRefusalExtra = z.object({
  next_take_at: z.number().int().optional(),
  min_deposit: dollarsJson.optional(),
});

export const cashbackCalls = {
  take: contract({
    method: "POST",
    path: "/api/user/cashback/take",
    access: "user",
    body: emptyBody,
    answer: takeCashbackAnswer,
    refusals: {
      "app_api.maintenance": 503,
      "cashback_api.too_soon": 409,
      "cashback_api.nothing_to_take": 409,
      "cashback_api.min_deposit": 403,
    },
    summary: "Moves the whole dollars of the cashback to the balance (too_soon carries next_take_at, min_deposit the minimum)",
  }),
};
