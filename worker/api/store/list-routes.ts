// POST /api/all-items/getList (§7): the store cards. Visitors may browse; for a signed-in user
// maxPrice defaults to their balance (spec: "max the user's balance"), for a visitor to no bound.
import { Hono } from "hono";
import { getListAnswer, getListBody } from "../../../shared/api/store";
import { toDollars } from "../../../shared/money";
import type { AppEnv } from "../../env";
import { jsonBody } from "../../lib/http";
import { storeList } from "../../store/list";
import { answer } from "../answer";

export const storeListRoutes = new Hono<AppEnv>().post("/getList", jsonBody(getListBody), async (c) => {
  const q = c.req.valid("json");
  const user = c.get("user");
  const minPrice = q.minPrice ?? 0;
  const maxPrice = q.maxPrice ?? user?.balance;
  const { rows, hasMore } = await storeList(c.env, { page: q.page, search: q.market_hash_name, minPrice, maxPrice });
  return answer(c, getListAnswer, {
    data: rows.map((r) => ({ ...r, price: toDollars(r.price) })),
    page: q.page,
    hasMore,
  });
});
