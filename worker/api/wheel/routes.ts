// /api/wheel/* (spec §7): the room's state, a bet, the history, one round. Bets go to
// the WheelRoom by RPC (it owns the round); the history and rounds are read from D1.
import { toCents } from "../../../shared/money";
import { pushBalance } from "../../lib/notify";
import { wheelCalls } from "../../../shared/api/wheel";
import { wheelRoom } from "../../rooms/wheel/stub";
import * as q from "../../wheel/queries";
import { contractRoutes, refuse, serve } from "../contract-routes";

export const wheelRoutes = contractRoutes();

serve(wheelRoutes, wheelCalls.get, async (c) => c.json(await wheelRoom(c.env).view(c.get("user")?.id ?? null), 200));

// the status of each refusal is the contract's: sign-in 401, ban 403, maintenance 503, the round
// or the items 409, the bet itself 400
serve(wheelRoutes, wheelCalls.setBet, async (c) => {
  const me = c.get("user");
  const session = c.get("tokenHash");
  if (!me || !session) return refuse(c, wheelCalls.setBet, "wheel_api.unauthorized");
  const body = c.req.valid("json");
  const result = await wheelRoom(c.env).setBet({
    user: { id: me.id, username: me.username, avatar: me.avatar },
    session,
    colour: body.colour,
    itemIds: body.items ?? [],
    value: toCents(body.value ?? 0),
  });
  if (!result.ok) return refuse(c, wheelCalls.setBet, result.key);
  // the balance part left the balance: every tab's header shows it
  if ((body.value ?? 0) > 0) await pushBalance(c.env, me.id);
  return c.json({ success: true as const, message: "wheel_api.bet_success" as const, bet: result.bet }, 200);
});

serve(wheelRoutes, wheelCalls.history, async (c) => c.json({ history: await q.finishedRounds(c.env) }, 200));

serve(wheelRoutes, wheelCalls.round, async (c) => {
  const game = await q.round(c.env, c.req.valid("json").id);
  if (!game) return refuse(c, wheelCalls.round, "wheel_api.round_not_found");
  return c.json({ game }, 200);
});
