// /api/jackpot/* (spec §7; README "Jackpot"): a level's state, a bet (through the level's room,
// which orders bets and locks their items), the history of a level and one round's details.
import { jackpotCalls } from "../../../shared/api/jackpot";
import { JACKPOT } from "../../../shared/constants";
import { toDollars } from "../../../shared/money";
import * as q from "../../jackpot/queries";
import { jackpotRoom } from "../../rooms/jackpot/stub";
import { contractRoutes, refuse, serve } from "../contract-routes";

export const jackpotRoutes = contractRoutes();

serve(jackpotRoutes, jackpotCalls.get, async (c) => {
  const { level } = c.req.valid("json");
  return c.json(await jackpotRoom(c.env, level).getState(level), 200);
});

// a refused bet answers its key with the contract's status (every refusal is a 4xx but
// maintenance; nothing was written)
serve(jackpotRoutes, jackpotCalls.setBet, async (c) => {
  const me = c.get("user");
  const session = c.get("tokenHash");
  if (!me || !session) return refuse(c, jackpotCalls.setBet, "jackpot_api.unauthorized");
  const { level, items } = c.req.valid("json");
  const result = await jackpotRoom(c.env, level).setBet(level, { user: { id: me.id, username: me.username, avatar: me.avatar }, session, itemIds: items });
  if (!result.ok) return refuse(c, jackpotCalls.setBet, result.message);
  // a bet of items leaves the money balance as it was (§7 answers it all the same)
  return c.json({ status: "success" as const, balance: toDollars(me.balance), message: "jackpot_api.bet_success" as const, bet: result.bet }, 200);
});

serve(jackpotRoutes, jackpotCalls.history, async (c) => c.json({ history: await q.history(c.env, c.req.valid("json").level) }, 200));

serve(jackpotRoutes, jackpotCalls.round, async (c) => {
  const round = await q.round(c.env, c.req.valid("json").id, c.env.JACKPOT_SALT, JACKPOT.commissionPercent);
  if (!round) return refuse(c, jackpotCalls.round, "jackpot_api.round_not_found");
  return c.json({ round }, 200);
});
