// POST /api/user/buy and /api/user/sell (§7): one store operation per user at a time
// (worker/store/lock.ts), each one atomic (worker/store/trade.ts). An empty or too long selection
// answers its storehouse key (the contracts' `invalid`: storeKeyOf in shared/api/store.ts).
import { storeCalls } from "../../../shared/api/store";
import { pushBalance } from "../../lib/notify";
import { withStoreLock } from "../../store/lock";
import { sellTaxPercent } from "../../store/pricing";
import { buy, sell, type TradeKind, type TradeOutcome, type TradeRequest } from "../../store/trade";
import { contractRoutes, refuse, serve } from "../contract-routes";

/**
 * One store operation of the user under their store lock: "busy" while another one runs, a
 * refusal as its key, the balance pushed to the user's sockets once it moved (not on a replay).
 */
async function trade<A>(
  env: Env,
  userId: number,
  kind: TradeKind,
  requestId: string | undefined,
  run: (base: Pick<TradeRequest, "userId" | "requestId" | "taxPercent">) => Promise<TradeOutcome<A>>,
): Promise<TradeOutcome<A> | "busy"> {
  const outcome = await withStoreLock(env, userId, kind, () => run({ userId, requestId: requestId ?? crypto.randomUUID(), taxPercent: sellTaxPercent(env) }));
  if (outcome !== "busy" && outcome.ok && !outcome.replay) await pushBalance(env, userId);
  return outcome;
}

export const storeTradeRoutes = contractRoutes();

serve(storeTradeRoutes, storeCalls.buy, async (c) => {
  const body = c.req.valid("json");
  const outcome = await trade(c.env, c.get("user").id, "buy", body.request_id, (base) => buy(c.env, { ...base, buyIds: body.buyIds, sellIds: body.sellIds }));
  if (outcome === "busy") return refuse(c, storeCalls.buy, "storehouse_api.buy_running");
  if (!outcome.ok) return refuse(c, storeCalls.buy, outcome.key);
  return c.json(outcome.answer, 200);
});

serve(storeTradeRoutes, storeCalls.sell, async (c) => {
  const body = c.req.valid("json");
  const outcome = await trade(c.env, c.get("user").id, "sell", body.request_id, (base) => sell(c.env, { ...base, buyIds: [], sellIds: body.sellIds }));
  if (outcome === "busy") return refuse(c, storeCalls.sell, "storehouse_api.sale_running");
  if (!outcome.ok) return refuse(c, storeCalls.sell, outcome.key);
  return c.json(outcome.answer, 200);
});
