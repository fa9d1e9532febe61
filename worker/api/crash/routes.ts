// /api/crash/* (spec §7): history, one round, the signed-in user's bets in the current round.
import { Hono } from "hono";
import { emptyBody } from "../../../shared/api/common";
import { getGameBody, type GetHistoryAnswer, type MyBetAnswer } from "../../../shared/api/crash";
import type { AppEnv } from "../../env";
import { fail, jsonBody } from "../../lib/http";
import * as q from "../../crash/queries";

export const crashRoutes = new Hono<AppEnv>()
  .post("/getHistory", jsonBody(emptyBody), async (c) => c.json({ history: await q.history(c.env) } satisfies GetHistoryAnswer))
  .post("/getGame", jsonBody(getGameBody), async (c) => {
    const game = await q.game(c.env, c.req.valid("json").id);
    if (!game) return fail(c, 404, "crash_api.round_not_found");
    return c.json({ game });
  })
  .post("/myBet", jsonBody(emptyBody), async (c) => {
    const me = c.get("user");
    const roundId = await q.currentRoundId(c.env);
    // a visitor (or no round yet) simply has no bet
    if (!me || roundId === null) return c.json({ userBet: null, bets: [] } satisfies MyBetAnswer);
    const bets = await q.roundBets(c.env, roundId, { userId: me.id });
    const last = bets.at(-1);
    const answer: MyBetAnswer = { userBet: last ? { bank: last.bank, items: last.items, autoWithdraw: last.autoWithdraw } : null, bets };
    return c.json(answer);
  });
