// POST /api/user/buy and /api/user/sell (§7, mounted at /api/user): one store operation per
// user at a time (worker/store/lock.ts), each one atomic (worker/store/trade.ts).
import { Hono, type Context } from "hono";
import type { z } from "zod";
import { buyAnswer, buyBody, sellAnswer, sellBody } from "../../../shared/api/store";
import { requireUser } from "../../auth/middleware";
import type { AppEnv, SignedInEnv } from "../../env";
import { fail } from "../../lib/http";
import { pushBalance } from "../../lib/notify";
import { withStoreLock } from "../../store/lock";
import { sellTaxPercent } from "../../store/pricing";
import { buy, sell, type TradeKind, type TradeOutcome, type TradeRequest } from "../../store/trade";
import { answer } from "../answer";
import { storeBody } from "./body";

const statusOf = (key: string) => (key === "storehouse_api.items_unavailable" ? 409 : 400);
const runningKey = { buy: "storehouse_api.buy_running", sell: "storehouse_api.sale_running" } as const;

/**
 * One store operation of the signed-in user under their store lock: 409 while another one runs,
 * a refusal as its key, the balance pushed to the user's sockets once it moved (not on a replay),
 * then the answer through its schema.
 */
async function trade<S extends z.ZodType>(
  c: Context<SignedInEnv>,
  kind: TradeKind,
  schema: S,
  requestId: string | undefined,
  run: (base: Pick<TradeRequest, "userId" | "requestId" | "taxPercent">) => Promise<TradeOutcome<z.input<S>>>,
) {
  const me = c.get("user");
  const outcome = await withStoreLock(c.env, me.id, kind, () =>
    run({ userId: me.id, requestId: requestId ?? crypto.randomUUID(), taxPercent: sellTaxPercent(c.env) }),
  );
  if (outcome === "busy") return fail(c, 409, runningKey[kind]);
  if (!outcome.ok) return fail(c, statusOf(outcome.key), outcome.key);
  if (!outcome.replay) await pushBalance(c.env, me.id);
  return answer(c, schema, outcome.answer);
}

export const storeTradeRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .post("/buy", storeBody(buyBody), async (c) => {
    const body = c.req.valid("json");
    return trade(c, "buy", buyAnswer, body.request_id, (base) => buy(c.env, { ...base, buyIds: body.buyIds, sellIds: body.sellIds }));
  })
  .post("/sell", storeBody(sellBody), async (c) => {
    const body = c.req.valid("json");
    return trade(c, "sell", sellAnswer, body.request_id, (base) => sell(c.env, { ...base, buyIds: [], sellIds: body.sellIds }));
  });
