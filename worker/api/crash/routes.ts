// /api/crash/* (spec §7): history, one round, the signed-in user's bets in the current round.
import { crashCalls } from "../../../shared/api/crash";
import * as q from "../../crash/queries";
import { contractRoutes, refuse, serve } from "../contract-routes";

export const crashRoutes = contractRoutes();

serve(crashRoutes, crashCalls.getHistory, async (c) => c.json({ history: await q.history(c.env) }, 200));

serve(crashRoutes, crashCalls.getGame, async (c) => {
  const game = await q.game(c.env, c.req.valid("json").id);
  if (!game) return refuse(c, crashCalls.getGame, "crash_api.round_not_found");
  return c.json({ game }, 200);
});

serve(crashRoutes, crashCalls.myBet, async (c) => {
  const me = c.get("user");
  const roundId = await q.currentRoundId(c.env);
  // a visitor (or no round yet) simply has no bet
  if (!me || roundId === null) return c.json({ userBet: null, bets: [] }, 200);
  const bets = await q.roundBets(c.env, roundId, { userId: me.id });
  const last = bets.at(-1);
  return c.json({ userBet: last ? { bank: last.bank, value: last.value, items: last.items, autoWithdraw: last.autoWithdraw } : null, bets }, 200);
});
