// /api/user/* (spec §7): every call here needs a signed-in user (a banned one never gets here:
// readSession answers 403 user_api.banned first). getUser is public: public-routes.ts.
import { tradeLinkIsOf, userCalls } from "../../../shared/api/user";
import { toDollars } from "../../../shared/money";
import { computeStats, presentInventoryItem, presentSelf } from "../../user/presenters";
import * as q from "../../user/queries";
import { referralsOf } from "../../referrals/queries";
import { withdrawPage } from "../../history/money";
import { contractRoutes, refuse, serve } from "../contract-routes";
import { checkOffer } from "../../withdraws/offer-check";

export const userRoutes = contractRoutes();

serve(userRoutes, userCalls.get, async (c) => {
  const me = c.get("user");
  const [latest, unread, deposited] = await Promise.all([q.latestNotifications(c.env, me.id), q.unreadCount(c.env, me.id), q.totalDepositCents(c.env, me.id)]);
  return c.json({ user: presentSelf(me, latest, unread, deposited) }, 200);
});

serve(userRoutes, userCalls.getBalance, (c) => c.json({ balance: toDollars(c.get("user").balance) }, 200));

serve(userRoutes, userCalls.getProfile, async (c) => {
  const me = c.get("user");
  const [results, pages, withdraws, refs] = await Promise.all([
    q.gameResults(c.env, me.id),
    q.firstPages(c.env, me.id),
    withdrawPage(c.env, me.id, {}),
    referralsOf(c.env, me.id),
  ]);
  return c.json({ referrals: refs.referrals, referral: refs.referral, ...pages, withdraws: withdraws.rows, stats: computeStats(results) }, 200);
});

// saveUrl answers its own key for any bad link (the contract's `invalid`: user_api.invalid_trade_link).
serve(userRoutes, userCalls.saveUrl, async (c) => {
  const { trade_link } = c.req.valid("json");
  const me = c.get("user");
  if (me.steamId && !tradeLinkIsOf(trade_link, me.steamId)) return refuse(c, userCalls.saveUrl, "user_api.trade_link_not_yours");
  await q.saveTradeLink(c.env, me.id, trade_link);
  return c.json({ type: "success" as const, message: "user_api.link_saved" as const }, 200);
});

serve(userRoutes, userCalls.checkOffer, async (c) => c.json(await checkOffer(c.env, c.get("user").id, c.req.valid("json").offer), 200));

serve(userRoutes, userCalls.getInventory, async (c) => {
  const rows = await q.inventoryOf(c.env, c.get("user").id);
  return c.json({ items: rows.map(presentInventoryItem) }, 200);
});

serve(userRoutes, userCalls.readAll, async (c) => {
  await q.markAllRead(c.env, c.get("user").id);
  return c.json({ success: true as const }, 200);
});
