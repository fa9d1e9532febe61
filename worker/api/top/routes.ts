// GET /api/top (docs/games.md "Top list"): the top players of a period by a figure, and the caller's place.
import { topCalls } from "../../../shared/api/top";
import { toDollars } from "../../../shared/money";
import { ownPlace, periodStart, sinceMs, type TopRow, topRows } from "../../top/queries";
import { contractRoutes, serve } from "../contract-routes";

export const topRoutes = contractRoutes();

const rowJson = (r: TopRow) => ({ place: r.place, user: { id: r.id, username: r.username, avatar: r.avatar }, value: toDollars(r.value) });

serve(topRoutes, topCalls.list, async (c) => {
  const { period, metric } = c.req.valid("query");
  const now = Date.now();
  const me = c.get("user");
  const [rows, own] = await Promise.all([topRows(c.env, period, metric, now), me ? ownPlace(c.env, me.id, period, metric, now) : null]);
  return c.json({ period, metric, since: sinceMs(periodStart(period, now)), rows: rows.map(rowJson), me: own ? rowJson(own) : null }, 200);
});
