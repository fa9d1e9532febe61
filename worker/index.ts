// The worker: /api/* (spec §7), sign-in (/socialite/*), room sockets (/ws/*), item and case
// pictures (/img/*), /robots.txt and /sitemap.xml; everything else falls through to the SPA's
// static assets (wrangler.toml [assets] runs the worker first for all but /assets/*, so the HTML
// gets the security headers).
import { OpenAPIHono } from "@hono/zod-openapi";
import { HTTPException } from "hono/http-exception";
import { readSession } from "./auth/middleware";
import type { AppEnv } from "./env";
import { fail } from "./lib/http";
import { securityHeaders } from "./lib/security-headers";
import { configRoutes } from "./api/config/routes";
import { userRoutes } from "./api/user/routes";
import { protectionRoutes } from "./api/user/protection-routes";
import { cashbackRoutes } from "./api/user/cashback-routes";
import { moneyWithdrawRoutes } from "./api/user/money-withdraw-routes";
import { adminWithdrawRoutes } from "./api/admin/withdraws";
import { publicUserRoutes } from "./api/user/public-routes";
import { youtuberRoutes } from "./api/youtubers/routes";
import { adminUserRoutes } from "./api/admin/users";
import { adminLogRoutes } from "./api/admin/audit";
import { authRoutes } from "./api/auth/routes";
import { socialiteRoutes } from "./api/socialite/routes";
import { maintenanceRoutes } from "./api/admin/maintenance";
import { adminPriceRoutes } from "./api/admin/prices";
import { wsRoutes } from "./api/ws/routes";
import { crashRoutes } from "./api/crash/routes";
import { jackpotRoutes } from "./api/jackpot/routes";
import { adminCrashRoutes } from "./api/admin/crash";
import { wheelRoutes } from "./api/wheel/routes";
import { bonusRoutes } from "./api/bonus/routes";
import { adminGiveawayRoutes } from "./api/admin/giveaways";
import { giveawayRoutes } from "./api/giveaways/routes";
import { telegramRoutes } from "./api/giveaways/telegram";
import { tournamentRoutes } from "./api/tournaments/routes";
import { topRoutes } from "./api/top/routes";
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
import { adminDashboardRoutes } from "./api/admin/dashboard";
import { ticketRoutes } from "./api/tickets/routes";
import { adminTicketRoutes } from "./api/admin/tickets";
import { adminOtpRoutes } from "./api/admin/otp";
import { historyRoutes } from "./api/user/history-routes";
import { scheduledPriceRefresh } from "./prices/scheduled";
import { OPENAPI_PATH } from "../shared/api/contract";
import { requestContext } from "./lib/request-context";

const app = new OpenAPIHono<AppEnv>();

app.use("*", securityHeaders);
app.use("/api/*", requestContext);
app.use("/api/*", readSession);
// every group of contract routes has full paths and guards each call by its contract's access
app.route("/", configRoutes);
app.route("/", publicUserRoutes);
app.route("/", userRoutes);
app.route("/", protectionRoutes);
app.route("/", historyRoutes);
app.route("/", ticketRoutes);
app.route("/", adminTicketRoutes);
app.route("/", adminOtpRoutes);
app.route("/", storeTradeRoutes);
app.route("/", usePromoRoutes);
app.route("/", cashbackRoutes);
app.route("/", moneyWithdrawRoutes);
// the providers' callbacks (not contracts: their own formats) need no session
app.route("/api/payment", paymentCallbackRoutes);
app.route("/", paymentRoutes);
app.route("/", checkPromocodeRoutes);
app.route("/", adminPromoRoutes);
app.route("/", adminPaymentRoutes);
app.route("/", adminDashboardRoutes);
app.route("/", adminWithdrawRoutes);
app.route("/", storeListRoutes);
app.route("/", youtuberRoutes);
app.route("/", adminUserRoutes);
app.route("/", adminLogRoutes);
app.route("/", authRoutes);
app.route("/socialite", socialiteRoutes);
app.route("/", maintenanceRoutes);
app.route("/", adminPriceRoutes);
app.route("/", crashRoutes);
app.route("/", adminCrashRoutes);
app.route("/", jackpotRoutes);
app.route("/", wheelRoutes);
app.route("/", bonusRoutes);
app.route("/", giveawayRoutes);
app.route("/", telegramRoutes);
app.route("/", adminGiveawayRoutes);
app.route("/", tournamentRoutes);
app.route("/", topRoutes);
app.route("/", chatRoutes);
app.route("/", adminChatRoutes);
app.route("/", casesRoutes);
app.route("/", adminCasesRoutes);
app.route("/", withdrawRoutes);
app.route("/", skinsDepositRoutes);
app.route("/ws", wsRoutes);
app.route("/img", imageRoutes);
app.route("/", crawlerRoutes);

// The API reference, generated from the contract values the routes are registered from
// (shared/api/contract.ts; docs/api.md "Contracts").
app.openAPIRegistry.registerComponent("securitySchemes", "bearer", { type: "http", scheme: "bearer" });
app.doc31(OPENAPI_PATH, {
  openapi: "3.1.0",
  info: { title: "SkinRush API", version: "1", description: "Spec §7 calls. Refusals answer the one error shape with a §8 message key." },
});

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
export { BonusRoom } from "./rooms/bonus/BonusRoom";
export { GiveawayRoom } from "./rooms/giveaway/GiveawayRoom";
export { TournamentRoom } from "./rooms/tournament/TournamentRoom";
export { WithdrawQueue } from "./withdraws/WithdrawQueue";
export { RelayRoom } from "./rooms/relay/RelayRoom";
