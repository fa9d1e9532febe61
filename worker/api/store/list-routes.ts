// POST /api/all-items/getList (§7): the store cards. Visitors may browse; for a signed-in user
// maxPrice defaults to their balance (spec: "max the user's balance"), for a visitor to no bound.
import { storeCalls } from "../../../shared/api/store";
import { toDollars } from "../../../shared/money";
import { storeList } from "../../store/list";
import { contractRoutes, serve } from "../contract-routes";

export const storeListRoutes = contractRoutes();

serve(storeListRoutes, storeCalls.getList, async (c) => {
  const q = c.req.valid("json");
  const user = c.get("user");
  const minPrice = q.minPrice ?? 0;
  const maxPrice = q.maxPrice ?? user?.balance;
  const { rows, hasMore } = await storeList(c.env, { page: q.page, search: q.market_hash_name, minPrice, maxPrice });
  return c.json(
    {
      data: rows.map((r) => ({ ...r, price: toDollars(r.price) })),
      page: q.page,
      hasMore,
    },
    200,
  );
});
