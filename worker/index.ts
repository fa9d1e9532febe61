// The worker: /api/* (spec §7), sign-in (/socialite/*), room sockets (/ws/*), item and case
// pictures (/img/*), /robots.txt and /sitemap.xml; everything else falls through to the SPA's
// static assets (wrangler.toml [assets] runs the worker first for all but /assets/*, so the HTML
// gets the security headers).
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { readSession } from "./auth/middleware";
import type { AppEnv } from "./env";
import { fail } from "./lib/http";
import { securityHeaders } from "./lib/security-headers";
import { configRoutes } from "./api/config/routes";
import { userRoutes } from "./api/user/routes";
import { cashbackRoutes } from "./api/user/cashback-routes";
import { moneyWithdrawRoutes } from "./api/user/money-withdraw-routes";
import { adminWithdrawRoutes } from "./api/admin/withdraws";
import { publicUserRoutes } from "./api/user/public-routes";
import { youtuberRoutes } from "./api/youtubers/routes";
import { adminUserRoutes } from "./api/admin/users";
import { authRoutes } from "./api/auth/routes";
import { socialiteRoutes } from "./api/socialite/routes";
import { maintenanceRoutes } from "./api/admin/maintenance";
import { adminPriceRoutes } from "./api/admin/prices";
import { wsRoutes } from "./api/ws/routes";
import { crashRoutes } from "./api/crash/routes";
import { jackpotRoutes } from "./api/jackpot/routes";
import { adminCrashRoutes } from "./api/admin/crash";
import { wheelRoutes } from "./api/wheel/routes";
import { chatRoutes } from "./api/chat/routes";
import { adminChatRoutes } from "./api/admin/chat";
import { storeListRoutes } from "./api/store/list-routes";
import { storeTradeRoutes } from "./api/store/trade-routes";
import { casesRoutes } from "./api/cases/routes";
import { adminCasesRoutes } from "./api/admin/cases";
import { withdrawRoutes } from "./api/withdraws/routes";
import { skinsDepositRoutes } from "./api/skins-deposit/routes";
import { imageRoutes } from "./api/images/routes";
import { crawlerRoutes } from "./api/crawlers/routes";
import { adminPromoRoutes, checkPromocodeRoutes, usePromoRoutes } from "./api/promo/routes";
import { paymentCallbackRoutes } from "./api/payments/callbacks";
import { paymentRoutes } from "./api/payments/routes";
import { adminPaymentRoutes } from "./api/admin/payments";
import { scheduledPriceRefresh } from "./prices/scheduled";

const app = new Hono<AppEnv>();

app.use("*", securityHeaders);
app.use("/api/*", readSession);
app.route("/api", configRoutes);
// the public getUser first: userRoutes' requireUser guards everything else under /api/user
app.route("/api/user", publicUserRoutes);
app.route("/api/user", userRoutes);
app.route("/api/user", storeTradeRoutes);
app.route("/api/user", usePromoRoutes);
app.route("/api/user/cashback", cashbackRoutes);
app.route("/api/user", moneyWithdrawRoutes);
// the providers' callbacks need no session: every other /api/payment route guards itself
app.route("/api/payment", paymentCallbackRoutes);
app.route("/api/payment", paymentRoutes);
app.route("/api/payment", checkPromocodeRoutes);
app.route("/api/admin/promo", adminPromoRoutes);
app.route("/api/admin/payments", adminPaymentRoutes);
app.route("/api/admin/withdraws", adminWithdrawRoutes);
app.route("/api/all-items", storeListRoutes);
app.route("/api/youtubers", youtuberRoutes);
app.route("/api/admin/users", adminUserRoutes);
app.route("/api/auth", authRoutes);
app.route("/socialite", socialiteRoutes);
app.route("/api/admin/maintenance", maintenanceRoutes);
app.route("/api/admin/prices", adminPriceRoutes);
app.route("/api/crash", crashRoutes);
app.route("/api/admin/crash", adminCrashRoutes);
app.route("/api/jackpot", jackpotRoutes);
app.route("/api/wheel", wheelRoutes);
app.route("/api/chat", chatRoutes);
app.route("/api/admin/chat", adminChatRoutes);
app.route("/api/cases", casesRoutes);
app.route("/api/admin/cases", adminCasesRoutes);
app.route("/api/withdraws", withdrawRoutes);
app.route("/api/payment/skins", skinsDepositRoutes);
app.route("/ws", wsRoutes);
app.route("/img", imageRoutes);
app.route("/", crawlerRoutes);

app.notFound((c) => (c.req.path.startsWith("/api/") ? fail(c, 404, "app_api.not_found") : c.env.ASSETS.fetch(c.req.raw)));

app.onError((err, c) => {
  if (err instanceof HTTPException && err.status < 500) return fail(c, err.status as 400, "app_api.invalid_request");
  console.error("unhandled", err);
  return fail(c, 500, "app_error.load");
});

/** Cron Triggers (wrangler.toml [triggers]): the scheduled price refresh (prices/scheduled.ts). */
const scheduled: ExportedHandlerScheduledHandler<Env> = async (controller, env) => {
  await scheduledPriceRefresh(env, controller.scheduledTime);
};

// the Hono app is the fetch handler; `scheduled` rides on the same default export
export default Object.assign(app, { scheduled });
export type App = typeof app;
export { ChatRoom } from "./rooms/chat/ChatRoom";
export { HubRoom } from "./rooms/hub/HubRoom";
export { CrashRoom } from "./rooms/crash/CrashRoom";
export { JackpotRoom } from "./rooms/jackpot/JackpotRoom";
export { WheelRoom } from "./rooms/wheel/WheelRoom";
export { WithdrawQueue } from "./withdraws/WithdrawQueue";
