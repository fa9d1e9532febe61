// POST /api/user/buy and /api/user/sell (§7, mounted at /api/user): one store operation per
// user at a time (worker/store/lock.ts), each one atomic (worker/store/trade.ts).
import { Hono } from "hono";
import { buyAnswer, buyBody, sellAnswer, sellBody } from "../../../shared/api/store";
import { requireUser } from "../../auth/middleware";
import type { AppEnv } from "../../env";
import { fail } from "../../lib/http";
import { pushBalance } from "../../lib/notify";
import { withStoreLock } from "../../store/lock";
import { sellTaxPercent } from "../../store/pricing";
import { buy, sell } from "../../store/trade";
import { answer } from "../answer";
import { storeBody } from "./body";

const statusOf = (key: string) => (key === "storehouse_api.items_unavailable" ? 409 : 400);

export const storeTradeRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .post("/buy", storeBody(buyBody), async (c) => {
    const me = c.get("user");
    const body = c.req.valid("json");
    const outcome = await withStoreLock(c.env, me.id, "buy", () =>
      buy(c.env, {
        userId: me.id,
        buyIds: body.buyIds,
        sellIds: body.sellIds,
        requestId: body.request_id ?? crypto.randomUUID(),
        taxPercent: sellTaxPercent(c.env),
      }),
    );
    if (outcome === "busy") return fail(c, 409, "storehouse_api.buy_running");
    if (!outcome.ok) return fail(c, statusOf(outcome.key), outcome.key);
    if (!outcome.replay) await pushBalance(c.env, me.id);
    return answer(c, buyAnswer, outcome.answer);
  })
  .post("/sell", storeBody(sellBody), async (c) => {
    const me = c.get("user");
    const body = c.req.valid("json");
    const outcome = await withStoreLock(c.env, me.id, "sell", () =>
      sell(c.env, {
        userId: me.id,
        buyIds: [],
        sellIds: body.sellIds,
        requestId: body.request_id ?? crypto.randomUUID(),
        taxPercent: sellTaxPercent(c.env),
      }),
    );
    if (outcome === "busy") return fail(c, 409, "storehouse_api.sale_running");
    if (!outcome.ok) return fail(c, statusOf(outcome.key), outcome.key);
    if (!outcome.replay) await pushBalance(c.env, me.id);
    return answer(c, sellAnswer, outcome.answer);
  });
