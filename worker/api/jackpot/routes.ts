// /api/jackpot/* (spec §7; docs/games.md "Jackpot"): a level's state, a bet (through the level's room,
// which orders bets and locks their items), the current round's every bet ("Show all"), the history of a level and one round's details.
import { jackpotCalls } from "../../../shared/api/jackpot";
import { JACKPOT } from "../../../shared/constants";
import { toCents, toDollars } from "../../../shared/money";
import { pushBalance } from "../../lib/notify";
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
  const { level, items, value } = c.req.valid("json");
  const cents = toCents(value ?? 0);
  const user = { id: me.id, username: me.username, avatar: me.avatar };
  const result = await jackpotRoom(c.env, level).setBet(level, { user, session, itemIds: items, value: cents });
  if (!result.ok) return refuse(c, jackpotCalls.setBet, result.message);
  // §7 answers the balance after the bet; a balance part left it, and every tab's header follows
  if (cents > 0) await pushBalance(c.env, me.id);
  return c.json({ status: "success" as const, balance: toDollars(me.balance - cents), message: "jackpot_api.bet_success" as const, bet: result.bet }, 200);
});

serve(jackpotRoutes, jackpotCalls.bets, async (c) => {
  const { level } = c.req.valid("json");
  return c.json(await jackpotRoom(c.env, level).allBets(level), 200);
});

serve(jackpotRoutes, jackpotCalls.history, async (c) => c.json({ history: await q.history(c.env, c.req.valid("json").level) }, 200));

serve(jackpotRoutes, jackpotCalls.round, async (c) => {
  const round = await q.round(c.env, c.req.valid("json").id, c.env.JACKPOT_SALT, JACKPOT.commissionPercent);
  if (!round) return refuse(c, jackpotCalls.round, "jackpot_api.round_not_found");
  return c.json({ round }, 200);
});
