// /api/user/* (spec §7): every call here needs a signed-in user (a banned one never gets here:
// readSession answers 403 user_api.banned first). getUser is public: public-routes.ts.
import { Hono } from "hono";
import { z } from "zod";
import { emptyBody } from "../../../shared/api/common";
import {
  balanceAnswer,
  getAnswer,
  getInventoryBody,
  inventoryAnswer,
  profileAnswer,
  readAllAnswer,
  saveUrlAnswer,
  saveUrlBody,
  tradeLinkIsOf,
} from "../../../shared/api/user";
import { toDollars } from "../../../shared/money";
import { requireUser } from "../../auth/middleware";
import type { AppEnv } from "../../env";
import { fail, jsonBody } from "../../lib/http";
import { computeStats, presentInventoryItem, presentSelf } from "../../user/presenters";
import * as q from "../../user/queries";
import { referralsOf } from "../../referrals/queries";
import { answer } from "../answer";

// saveUrl answers its own key for any bad link, so the body is read loosely first.
const saveUrlRawBody = z.object({ trade_link: z.unknown().optional() });

export const userRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .post("/get", jsonBody(emptyBody), async (c) => {
    const me = c.get("user");
    const [latest, unread] = await Promise.all([q.latestNotifications(c.env, me.id), q.unreadCount(c.env, me.id)]);
    return answer(c, getAnswer, { user: presentSelf(me, latest, unread) });
  })
  .post("/getBalance", jsonBody(emptyBody), (c) => answer(c, balanceAnswer, { balance: toDollars(c.get("user").balance) }))
  .post("/getProfile", jsonBody(emptyBody), async (c) => {
    const me = c.get("user");
    const names: (keyof q.ProfileLists)[] = ["crashBets", "jackpotBets", "wheelBets", "withdraws"];
    const [results, lists, refs] = await Promise.all([q.gameResults(c.env, me.id), q.profileLists(c.env, me.id, names), referralsOf(c.env, me.id)]);
    return answer(c, profileAnswer, {
      referrals: refs.referrals,
      referral: refs.referral,
      crashBets: lists.crashBets ?? [],
      jackpotBets: lists.jackpotBets ?? [],
      wheelBets: lists.wheelBets ?? [],
      withdraws: lists.withdraws ?? [],
      stats: computeStats(results),
    });
  })
  .post("/saveUrl", jsonBody(saveUrlRawBody), async (c) => {
    const parsed = saveUrlBody.safeParse(c.req.valid("json"));
    if (!parsed.success) return fail(c, 400, "user_api.invalid_trade_link");
    const me = c.get("user");
    if (me.steamId && !tradeLinkIsOf(parsed.data.trade_link, me.steamId)) return fail(c, 400, "user_api.trade_link_not_yours");
    await q.saveTradeLink(c.env, me.id, parsed.data.trade_link);
    return answer(c, saveUrlAnswer, { type: "success", message: "user_api.link_saved" });
  })
  .post("/getInventory", jsonBody(getInventoryBody), async (c) => {
    const rows = await q.inventoryOf(c.env, c.get("user").id);
    return answer(c, inventoryAnswer, { items: rows.map(presentInventoryItem) });
  })
  .post("/notification/readAll", jsonBody(emptyBody), async (c) => {
    await q.markAllRead(c.env, c.get("user").id);
    return answer(c, readAllAnswer, { success: true });
  });
