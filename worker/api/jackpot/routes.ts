// /api/jackpot/* (spec §7; README "Jackpot"): a level's state, a bet (through the level's room,
// which orders bets and locks their items), the history of a level and one round's details.
import { Hono } from "hono";
import type { z } from "zod";
import {
  jackpotGetBody,
  jackpotHistoryAnswer,
  jackpotHistoryBody,
  jackpotRoundAnswer,
  jackpotRoundBody,
  jackpotSetBetAnswer,
  jackpotSetBetBody,
  jackpotStateJson,
} from "../../../shared/api/jackpot";
import { JACKPOT } from "../../../shared/constants";
import { toDollars } from "../../../shared/money";
import type { AppEnv } from "../../env";
import { fail, jsonBody } from "../../lib/http";
import * as q from "../../jackpot/queries";
import { jackpotRoom } from "../../rooms/jackpot/stub";
import { answer } from "../answer";

/** A refused bet's HTTP status by its key (every refusal is a 4xx; nothing was written). */
const STATUS: Record<string, 400 | 401 | 403 | 409 | 503> = {
  "jackpot_api.unauthorized": 401,
  "jackpot_api.banned": 403,
  "jackpot_api.round_closed": 409,
  "jackpot_api.room_full": 409,
  "jackpot_api.maintenance": 503,
};

/** An empty or oversized item list answers its own key, not app_api.invalid_request. */
function itemsKey(error: z.ZodError): string | undefined {
  const issue = error.issues.find((i) => i.path[0] === "items");
  if (issue?.code === "too_small") return "jackpot_api.no_items";
  if (issue?.code === "too_big") return "jackpot_api.too_many_items";
  return undefined;
}

export const jackpotRoutes = new Hono<AppEnv>()
  .post("/get", jsonBody(jackpotGetBody), async (c) => {
    const { level } = c.req.valid("json");
    return answer(c, jackpotStateJson, await jackpotRoom(c.env, level).getState(level));
  })
  .post("/setBet", jsonBody(jackpotSetBetBody, itemsKey), async (c) => {
    const me = c.get("user");
    const session = c.get("tokenHash");
    if (!me || !session) return fail(c, 401, "jackpot_api.unauthorized");
    const { level, items } = c.req.valid("json");
    const result = await jackpotRoom(c.env, level).setBet(level, { user: { id: me.id, username: me.username, avatar: me.avatar }, session, itemIds: items });
    if (!result.ok) return fail(c, STATUS[result.message] ?? 400, result.message);
    // a bet of items leaves the money balance as it was (§7 answers it all the same)
    return answer(c, jackpotSetBetAnswer, { status: "success", balance: toDollars(me.balance), message: "jackpot_api.bet_success", bet: result.bet });
  })
  .post("/history", jsonBody(jackpotHistoryBody), async (c) => answer(c, jackpotHistoryAnswer, { history: await q.history(c.env, c.req.valid("json").level) }))
  .post("/round", jsonBody(jackpotRoundBody), async (c) => {
    const round = await q.round(c.env, c.req.valid("json").id, c.env.JACKPOT_SALT, JACKPOT.commissionPercent);
    if (!round) return fail(c, 404, "jackpot_api.round_not_found");
    return answer(c, jackpotRoundAnswer, { round });
  });
