// /api/crash/* (spec §7): history, one round, the signed-in user's bets in the current round.
import { Hono } from "hono";
import { emptyBody } from "../../../shared/api/common";
import { getGameAnswer, getGameBody, getHistoryAnswer, myBetAnswer } from "../../../shared/api/crash";
import type { AppEnv } from "../../env";
import { fail, jsonBody } from "../../lib/http";
import * as q from "../../crash/queries";
import { answer } from "../answer";

export const crashRoutes = new Hono<AppEnv>()
  .post("/getHistory", jsonBody(emptyBody), async (c) => answer(c, getHistoryAnswer, { history: await q.history(c.env) }))
  .post("/getGame", jsonBody(getGameBody), async (c) => {
    const game = await q.game(c.env, c.req.valid("json").id);
    if (!game) return fail(c, 404, "crash_api.round_not_found");
    return answer(c, getGameAnswer, { game });
  })
  .post("/myBet", jsonBody(emptyBody), async (c) => {
    const me = c.get("user");
    const roundId = await q.currentRoundId(c.env);
    // a visitor (or no round yet) simply has no bet
    if (!me || roundId === null) return answer(c, myBetAnswer, { userBet: null, bets: [] });
    const bets = await q.roundBets(c.env, roundId, { userId: me.id });
    const last = bets.at(-1);
    return answer(c, myBetAnswer, { userBet: last ? { bank: last.bank, items: last.items, autoWithdraw: last.autoWithdraw } : null, bets });
  });
