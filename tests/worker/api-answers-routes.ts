// The table of every contract (shared/api, docs/api.md "Contracts") for the route walk
// (api-answers.test.ts): a valid body (the query of a GET), seeded per caller. Who may call it,
// its answer schema and its refusals come from the contract itself. The walk fails when a
// contract has no entry here, or an entry no contract.
//
// Order matters a little: entries run top to bottom, so the crash admin tools start the crash
// room before getGame reads a round, and the chat quiz starts before it stops.
import { Secret, TOTP } from "otpauth";
import { env } from "cloudflare:workers";
import { CASHBACK, STEAM_APP_ID, TERMS } from "../../shared/constants";
import { cashbackAccrualStatements } from "../../worker/cashback/accrual";
import { batch } from "../../worker/db/sql";
import { makeCase, makeCatalogueItem } from "./cases-fixtures";
import { announceBody, openAnnouncement } from "./chain-fixtures";
import { qualify } from "./bonus-fixtures";
import { endRunningGiveaway, runningGiveawayId, signedTelegramLogin } from "./giveaway-fixtures";
import { banReason, houseItem } from "./chat-client";
import { writeWaitingRound } from "./crash-fixtures";
import { bettingWheel } from "./wheel-fixtures";
import { makePromo, promoName } from "./promo-fixtures";
import { catalogueItem, houseUnits, tag, userItem } from "./store-fixtures";
import { deposit, makeUser, post } from "./user-fixtures";
import { botControl, uniqueTradeLink } from "./withdraw-fixtures";
import { bet, CARD, createOk, withdrawer } from "./money-withdraw-fixtures";
import { botInventory } from "./skins-deposit-fixtures";
import { order, walletTransaction } from "./payments-fixtures";

/** The caller of one call (a fresh user per call, with a deposit and a trade link), and the suite's admin for seeding. */
export interface Caller {
  user: { id: number } | null;
  token: string | undefined;
  tradeLink: string | null;
  admin: { id: number; token: string };
}

export interface RouteEntry {
  method: "GET" | "POST";
  path: string;
  /** A public call a visitor is still refused (the room refuses a visitor's bet or message): its status. */
  visitor?: number;
  /** The body (the query of a GET) this caller sends; it may seed what the call needs. */
  body?: (caller: Caller) => Promise<Record<string, unknown>> | Record<string, unknown>;
  /** The inputs spec §7 lists for the call ([] for "none"): the walk calls it once more with only those. */
  spec?: readonly string[];
}

const item = async (ownerId: number | undefined, price = 250) => {
  const cat = await catalogueItem(price, `Walk ${tag()} | Skin (Field-Tested)`);
  return ownerId === undefined ? 1 : userItem(ownerId, cat, price);
};

/** An empty body, once `seeding` is done (a listing with something in it). */
async function emptyAfter(seeding: Promise<unknown>): Promise<Record<string, never>> {
  await seeding;
  return {};
}

/** Gives `userId` (when a staff caller) a TOTP secret, confirmed or waiting for its first code; the code of now. */
async function otpCodeFor(userId: number | undefined, confirmed: boolean): Promise<string> {
  if (userId === undefined) return "123456";
  const secret = new Secret({ size: 20 }).base32;
  await env.DB.prepare("INSERT OR REPLACE INTO staff_otp (user_id, secret, confirmed_at) VALUES (?1, ?2, ?3)")
    .bind(userId, secret, confirmed ? Date.now() : null)
    .run();
  return TOTP.generate({ secret: Secret.fromBase32(secret) });
}

/** A ticket of `userId` (a fresh player's when none) in `status`, with its first message; its id. */
async function ticketOf(userId: number | undefined, status: 0 | 1 = 0): Promise<number> {
  const owner = userId ?? (await makeUser()).user.id;
  const row = await env.DB.prepare("INSERT INTO tickets (user_id, subject, status, messages_count) VALUES (?1, 'Walk ticket', ?2, 1) RETURNING id")
    .bind(owner, status)
    .first<{ id: number }>();
  const id = row?.id ?? 0;
  await env.DB.prepare("INSERT INTO ticket_messages (ticket_id, author_id, staff, message) VALUES (?1, ?2, 0, 'Walk message')").bind(id, owner).run();
  return id;
}

/** A tournament running (one started when none is); true. */
async function openWalkTournament(): Promise<true> {
  const now = Date.now();
  await env.DB.prepare(
    `INSERT INTO tournaments (status, name_ru, name_en, description_ru, description_en, prizes, min_payment, created_at, ends_at)
     SELECT 'open', 'Турнир', 'Walk', '', '', '[1000,500,300,200,100]', 0, ?1, ?2 WHERE NOT EXISTS (SELECT 1 FROM tournaments WHERE status = 'open')`,
  )
    .bind(now, now + 3_600_000)
    .run();
  return true;
}

/** A fresh player's payment in review (the provider reported another amount); its id. */
async function paymentInReview(): Promise<string> {
  const owner = (await makeUser()).user.id;
  const id = `dep_walk${tag()}`;
  await env.DB.prepare(
    "INSERT INTO payments (id, user_id, request_id, method, provider, amount, currency, status) VALUES (?1, ?2, ?1, 'card', 'freekassa', 1000, 'RUB', 'review')",
  )
    .bind(id, owner)
    .run();
  return id;
}

/** A message in the chat by a fresh player with a deposit; its id. */
async function chatMessage(): Promise<number> {
  const { user, token } = await makeUser();
  await deposit(user.id, 500);
  const text = `walk ${tag()}`;
  await post("/api/chat/sendMessage", { message: text }, token);
  const { messages } = (await (await post("/api/chat/getMessages", {})).json()) as { messages: { id: number; message: string }[] };
  return messages.find((m) => m.message === text)!.id;
}

/**
 * /api/* routes a payment provider calls (api/payments/callbacks.ts): they answer what the
 * provider expects (FreeKassa the plain text YES), not JSON of a shared schema; signatures,
 * replays and answers are tested in payments-freekassa.test.ts and payments-stripe.test.ts.
 */
export const PROVIDER_CALLBACKS = ["GET /api/payment/callback/freekassa", "POST /api/payment/callback/freekassa", "POST /api/payment/webhook/stripe"];

/** Every call spec §7's table names (its inputs are each entry's `spec`). */
export const SPEC_CALLS = [
  "POST /api/getConfig",
  "POST /api/user/get",
  "POST /api/user/getUser",
  "POST /api/user/getBalance",
  "POST /api/user/getProfile",
  "POST /api/user/usePromo",
  "POST /api/user/saveUrl",
  "POST /api/user/cashback/take",
  "POST /api/user/cancelWithdraw",
  "POST /api/tickets/get",
  "POST /api/tickets/getById",
  "POST /api/tickets/create",
  "POST /api/tickets/sendMessage",
  "POST /api/tickets/close",
  "POST /api/payment/sum/create",
  "POST /api/payment/check-promocode",
  "POST /api/payment/qiwi/check-transaction",
  "POST /api/user/getAvailableWithdraw",
  "POST /api/user/createWithdraw",
  "POST /api/chat/getMessages",
  "POST /api/chat/sendMessage",
  "POST /api/chat/delete",
  "POST /api/chat/unBan",
  "POST /api/giveaways/getActive",
  "GET /api/giveaways/get-conditions",
  "POST /api/giveaways/myActive",
  "POST /api/giveaways/setMyActive",
  "POST /api/user/getInventory",
  "POST /api/withdraws/send",
  "POST /api/all-items/getList",
  "POST /api/user/buy",
  "POST /api/user/sell",
  "POST /api/user/notification/readAll",
  "GET /api/youtubers",
  "POST /api/crash/getHistory",
  "POST /api/crash/getGame",
  "POST /api/crash/myBet",
  "POST /api/jackpot/get",
  "POST /api/jackpot/setBet",
  "POST /api/wheel/get",
  "POST /api/wheel/setBet",
  "GET /api/cases/get",
  "GET /api/cases/getOne",
  "GET /api/jackpot-bonus/get-conditions",
  "POST /api/tournaments/get",
  "GET /api/tournaments/get-conditions",
  "POST /api/tournaments/setActive",
];

export const ROUTES: RouteEntry[] = [
  // ── config, auth ──
  { method: "POST", path: "/api/getConfig", spec: [] },
  { method: "GET", path: "/api/auth/test-login", body: () => ({ username: `walker${tag()}` }) },
  { method: "POST", path: "/api/auth/logout" },

  // ── user ──
  { method: "POST", path: "/api/user/getUser", spec: ["user_id"], body: (c) => ({ user_id: c.admin.id }) },
  { method: "POST", path: "/api/user/get", spec: [] },
  { method: "POST", path: "/api/user/getBalance", spec: [] },
  { method: "POST", path: "/api/user/getProfile", spec: [] },
  { method: "POST", path: "/api/user/saveUrl", spec: ["trade_link"], body: () => ({ trade_link: uniqueTradeLink() }) },
  { method: "POST", path: "/api/user/checkOffer", body: () => ({ offer: "https://steamcommunity.com/tradeoffer/123456789/" }) },
  { method: "POST", path: "/api/user/protection/get" },
  { method: "POST", path: "/api/user/protection/session" },
  { method: "POST", path: "/api/user/protection/setLimit", body: () => ({ kind: "deposit_day", amount: 50 }) },
  { method: "POST", path: "/api/user/protection/exclude", body: () => ({ kind: "timeout", period: "24h" }) },
  {
    method: "POST",
    path: "/api/user/protection/requestLift",
    // a self-exclusion that ended yesterday: the player may ask to end it
    body: async (c) => {
      if (c.user) {
        await env.DB.prepare("INSERT INTO player_exclusions (user_id, kind, started_at, ends_at) VALUES (?1, 'self_exclusion', ?2, ?3)")
          .bind(c.user.id, Date.now() - 200 * 86_400_000, Date.now() - 86_400_000)
          .run();
      }
      return {};
    },
  },
  { method: "POST", path: "/api/user/protection/setRealityCheck", body: () => ({ minutes: 30 }) },
  { method: "POST", path: "/api/user/protection/acceptTerms", body: () => ({ version: TERMS.version, adult: true }) },
  {
    method: "POST",
    path: "/api/user/cashback/take",
    spec: [],
    // a take needs deposits at the minimum and at least one cent of cashback
    body: async (c) => {
      if (c.user) {
        await deposit(c.user.id, CASHBACK.minDepositCents);
        await batch(env.DB, cashbackAccrualStatements({ userId: c.user.id, lostCents: 400, ref: `walk:${crypto.randomUUID()}`, now: Date.now() }));
      }
      return {};
    },
  },
  { method: "POST", path: "/api/user/usePromo", spec: ["promocode"], body: async () => ({ promocode: (await makePromo()).code }) },
  {
    method: "POST",
    path: "/api/payment/check-promocode",
    spec: ["promocode"],
    body: async () => ({ promocode: (await makePromo({ kind: "deposit", amount: 0, percent: 10 })).code }),
  },
  {
    method: "POST",
    path: "/api/user/getInventory",
    spec: ["appId"],
    body: async (c) => {
      await item(c.user?.id);
      return { appId: STEAM_APP_ID };
    },
  },
  { method: "POST", path: "/api/user/notification/readAll", spec: [] },
  { method: "GET", path: "/api/youtubers", spec: [] },

  // ── profile pages (docs/api.md "History pages") ──
  ...(["crash", "jackpot", "wheel", "cases"] as const).map((mode) => ({
    method: "POST" as const,
    path: `/api/user/history/${mode}`,
    body: (c: Caller) => ({ user_id: c.admin.id }),
  })),
  ...(["deposits", "skinDeposits", "withdraws", "referrals"] as const).map((list) => ({ method: "POST" as const, path: `/api/user/history/${list}` })),

  // ── support tickets (each caller is fresh: his own ticket, no other open) ──
  { method: "POST", path: "/api/tickets/get", spec: [] },
  { method: "POST", path: "/api/tickets/getById", spec: ["id"], body: async (c) => ({ id: await ticketOf(c.user?.id) }) },
  { method: "POST", path: "/api/tickets/create", spec: ["ticket"], body: () => ({ ticket: { subject: "Walk subject", message: "Walk message" } }) },
  { method: "POST", path: "/api/tickets/sendMessage", spec: ["id", "message"], body: async (c) => ({ id: await ticketOf(c.user?.id), message: "Walk reply" }) },
  { method: "POST", path: "/api/tickets/close", spec: ["id"], body: async (c) => ({ id: await ticketOf(c.user?.id) }) },
  { method: "POST", path: "/api/admin/tickets/list", body: () => ({ status: 0 }) },
  { method: "POST", path: "/api/admin/tickets/get", body: async () => ({ id: await ticketOf(undefined) }) },
  { method: "POST", path: "/api/admin/tickets/reply", body: async () => ({ id: await ticketOf(undefined), message: "Staff walk reply" }) },
  { method: "POST", path: "/api/admin/tickets/close", body: async () => ({ id: await ticketOf(undefined) }) },
  { method: "POST", path: "/api/admin/tickets/reopen", body: async () => ({ id: await ticketOf(undefined, 1) }) },

  // ── the staff second factor (the caller is a fresh admin each time) ──
  { method: "POST", path: "/api/admin/otp/status" },
  { method: "POST", path: "/api/admin/otp/enroll" },
  { method: "POST", path: "/api/admin/otp/confirm", body: async ({ user }) => ({ code: await otpCodeFor(user?.id, false) }) },
  { method: "POST", path: "/api/admin/otp/verify", body: async ({ user }) => ({ code: await otpCodeFor(user?.id, true) }) },
  {
    method: "POST",
    path: "/api/admin/otp/reset",
    body: async () => {
      const { user } = await makeUser({ isModerator: true });
      await otpCodeFor(user.id, true);
      return { user_id: user.id };
    },
  },

  // ── store ──
  {
    method: "POST",
    path: "/api/all-items/getList",
    spec: ["appId", "page", "market_hash_name", "minPrice", "maxPrice"],
    body: () => ({ appId: STEAM_APP_ID }),
  },
  {
    method: "POST",
    path: "/api/user/buy",
    spec: ["buyIds", "sellIds"],
    body: async () => {
      const cat = await catalogueItem(300, `Walk ${tag()} | Buy (Field-Tested)`);
      await houseUnits(cat, 1, 300);
      return { buyIds: [cat] };
    },
  },
  { method: "POST", path: "/api/user/sell", spec: ["sellIds"], body: async (c) => ({ sellIds: [await item(c.user?.id)] }) },

  // ── withdrawals ──
  { method: "POST", path: "/api/withdraws/preview", body: async (c) => ({ items: [await item(c.user?.id)] }) },
  {
    method: "POST",
    path: "/api/withdraws/send",
    spec: ["items"],
    body: async (c) => {
      if (c.tradeLink) await botControl(c.tradeLink, "accept");
      return { items: { [String(await item(c.user?.id))]: 1 } };
    },
  },

  // ── money withdrawals (docs/payments.md "Money withdrawals"): the caller deposited $100; a bet as large makes it wagered ──
  { method: "POST", path: "/api/user/getAvailableWithdraw", spec: [] },
  {
    method: "POST",
    path: "/api/user/createWithdraw",
    spec: ["sum", "wallet", "system", "items"],
    body: async (c) => {
      if (c.user) await bet(c.user.id, 10_000);
      return { sum: 30, wallet: CARD, system: 3, items: [await item(c.user?.id, 3_000)] };
    },
  },
  {
    method: "POST",
    path: "/api/user/cancelWithdraw",
    spec: ["id", "type"],
    body: async (c) => {
      if (!c.user || !c.token) return { id: 1, type: "money" };
      await bet(c.user.id, 10_000);
      return { id: (await createOk(c.token, [await item(c.user.id, 3_000)], 30)).id, type: "money" };
    },
  },
  { method: "POST", path: "/api/admin/withdraws/list", body: () => ({ status: "moderation" }) },
  {
    method: "POST",
    path: "/api/admin/withdraws/decide",
    body: async () => {
      const p = await withdrawer([3_000]);
      return { id: (await createOk(p.token, p.items, 30)).id, decision: "approve" };
    },
  },

  // ── skins deposit ──
  { method: "POST", path: "/api/payment/skins/inventory" },
  {
    method: "POST",
    path: "/api/payment/skins/create",
    body: async (c) => {
      if (!c.tradeLink) return { items: ["1"] };
      const name = `Walk ${tag()} | Deposit (Field-Tested)`;
      await catalogueItem(400, name);
      const [asset] = await botInventory(c.tradeLink, [{ market_hash_name: name }]);
      await botControl(c.tradeLink, "timeout");
      return { items: [asset!.asset_id] };
    },
  },
  { method: "POST", path: "/api/payment/skins/history" },
  { method: "POST", path: "/api/payment/skins/status" },

  // ── money deposits ──
  { method: "POST", path: "/api/payment/methods" },
  { method: "POST", path: "/api/payment/sum/create", spec: ["sum", "depositMethod", "promocode"], body: () => ({ sum: 10, depositMethod: "card" }) },
  {
    method: "POST",
    path: "/api/payment/sum/history",
    body: async (c) => {
      if (c.token) await order(c.token, { sum: 10, depositMethod: "wallet_a" });
      return {};
    },
  },
  {
    method: "POST",
    path: "/api/payment/qiwi/check-transaction",
    spec: ["transactionId"],
    body: async (c) => {
      if (!c.token) return { transactionId: "12345678901" };
      const { order_id } = await order(c.token, { sum: 10, depositMethod: "wallet_a" });
      return { transactionId: await walletTransaction({ amount: 10, comment: order_id }) };
    },
  },

  { method: "POST", path: "/api/admin/payments/list", body: () => ({ status: "pending" }) },
  {
    method: "POST",
    path: "/api/admin/payments/decide",
    body: async () => ({ payment_id: await paymentInReview(), decision: "refuse", reason: "walk: the provider never paid" }),
  },
  { method: "POST", path: "/api/admin/dashboard" },
  { method: "POST", path: "/api/admin/fairness/chains" },
  { method: "POST", path: "/api/admin/fairness/announce", body: () => announceBody() },
  { method: "POST", path: "/api/admin/fairness/withdraw", body: async (c) => ({ id: await openAnnouncement(c.admin.id) }) },
  { method: "POST", path: "/api/admin/rooms/profile", body: () => ({ room: "crash", reset: false }) },

  // ── cases ──
  { method: "GET", path: "/api/cases/get", spec: [], body: () => emptyAfter(makeCase(150)) },
  { method: "GET", path: "/api/cases/getOne", spec: ["id"], body: async () => ({ id: (await makeCase(150)).id }) },
  { method: "POST", path: "/api/cases/open", body: async () => ({ id: (await makeCase(150)).id }) },
  { method: "GET", path: "/api/cases/seeds" },
  { method: "POST", path: "/api/cases/seeds" },
  { method: "POST", path: "/api/cases/seeds/client", body: () => ({ client_seed: "walk-seed" }) },
  { method: "POST", path: "/api/cases/seeds/rotate" },
  { method: "POST", path: "/api/admin/cases/list" },
  {
    method: "POST",
    path: "/api/admin/cases/create",
    body: async () => ({ name: `Walk ${tag()}`, items: [{ catalogue_id: await makeCatalogueItem(100), weight: 1 }] }),
  },
  {
    method: "POST",
    path: "/api/admin/cases/update",
    body: async () => ({ id: (await makeCase(150)).id, name: `Walk ${tag()}` }),
  },
  { method: "POST", path: "/api/admin/cases/catalogue", body: () => emptyAfter(makeCatalogueItem(100)) },
  {
    method: "POST",
    path: "/api/admin/cases/publish",
    body: async () => ({ case_id: (await makeCase(150, undefined, { active: false })).id, published: true }),
  },

  // ── crash (the admin tools first: they start the room, whose round getGame then reads) ──
  { method: "POST", path: "/api/admin/crash/scheduleTwist", body: () => ({ nextCrash: 2 }) },
  { method: "POST", path: "/api/admin/crash/forceCrash" },
  { method: "POST", path: "/api/crash/getHistory", spec: [] },
  {
    method: "POST",
    path: "/api/crash/getGame",
    spec: ["id"],
    body: async () => {
      const row = await env.DB.prepare("SELECT id FROM crash_rounds ORDER BY id DESC LIMIT 1").first<{ id: number }>();
      return { id: row?.id ?? (await writeWaitingRound(1)).id };
    },
  },
  { method: "POST", path: "/api/crash/myBet", spec: [] },

  // ── jackpot (a bet on the high room: one player's round stays open for the next callers) ──
  { method: "POST", path: "/api/jackpot/get", spec: [], body: () => ({ level: "low" }) },
  {
    method: "POST",
    path: "/api/jackpot/setBet",
    spec: ["items"],
    visitor: 401,
    body: async (c) => ({ level: "high", items: [await item(c.user?.id, 1_000)] }),
  },
  { method: "POST", path: "/api/jackpot/bets", body: () => ({ level: "high" }) },
  { method: "POST", path: "/api/jackpot/history", body: () => ({ level: "medium" }) },
  {
    method: "POST",
    path: "/api/jackpot/round",
    body: async () => {
      // a refunded round of its own (the walk never plays a round to its end)
      const k = 50_000 + Math.floor(Math.random() * 40_000);
      const id = 3 * (k - 1) + 1;
      await env.DB.prepare(
        "INSERT INTO jackpot_rounds (id, level, chain_index, public_hash, day_of_month, status, created_at, finished_at) VALUES (?1, 'low', ?2, ?3, 1, 'refunded', 1, 2)",
      )
        .bind(id, k, "f".repeat(64))
        .run();
      return { id };
    },
  },

  // ── wheel (get starts the room: its first round is then in D1 for /round) ──
  { method: "POST", path: "/api/wheel/get", spec: [] },
  { method: "POST", path: "/api/wheel/history" },
  {
    method: "POST",
    path: "/api/wheel/round",
    body: async () => ({ id: (await bettingWheel()).game.id }),
  },
  // a visitor's bet is refused by the route (401 wheel_api.unauthorized)
  {
    method: "POST",
    path: "/api/wheel/setBet",
    spec: ["colour", "items"],
    visitor: 401,
    body: async (c) => {
      const items = [await item(c.user?.id)];
      await bettingWheel();
      return { colour: "red", items };
    },
  },

  // ── bonus pool (the caller meets every condition; /round reads a drawn round seeded after the room started) ──
  { method: "GET", path: "/api/jackpot-bonus/get-conditions", spec: [] },
  {
    method: "POST",
    path: "/api/jackpot-bonus/join",
    body: async (c) => {
      if (c.user) await qualify(c.user.id);
      return {};
    },
  },
  {
    method: "POST",
    path: "/api/jackpot-bonus/round",
    body: async () => {
      await env.DB.prepare(
        "INSERT OR IGNORE INTO bonus_rounds (id, public_hash, secret, day_of_month, status, bank, paid, carried, winners) VALUES (9999, 'p', 's', 1, 'finished', 0, 0, 0, '[]')",
      ).run();
      return { id: 9999 };
    },
  },

  // ── giveaways (create ends any running one first; setMyActive joins the one create started, with every condition off) ──
  { method: "POST", path: "/api/giveaways/getActive", spec: [] },
  { method: "GET", path: "/api/giveaways/get-conditions", spec: [] },
  { method: "POST", path: "/api/giveaways/myActive", spec: [] },
  {
    method: "POST",
    path: "/api/admin/giveaways/create",
    body: async () => {
      await endRunningGiveaway();
      return { item_id: await houseItem(2_000), duration_ms: 600_000 };
    },
  },
  { method: "POST", path: "/api/giveaways/setMyActive", spec: [], body: async () => ({ id: await runningGiveawayId() }) },
  { method: "POST", path: "/api/giveaways/round", body: async () => ({ id: await runningGiveawayId() }) },
  { method: "POST", path: "/api/admin/giveaways/cancel", body: async () => ({ id: await runningGiveawayId() }) },
  { method: "POST", path: "/api/admin/giveaways/past", body: () => ({}) },
  { method: "POST", path: "/api/telegram/link", body: () => signedTelegramLogin({ id: 700_000 + Math.floor(Math.random() * 99_999), first_name: "Walk" }) },
  { method: "POST", path: "/api/telegram/unlink" },

  // ── tournaments (the template saved and one started before the join; the caller deposited during it) ──
  {
    method: "POST",
    path: "/api/admin/tournaments/save-template",
    body: () => ({
      enabled: true,
      name_ru: "Турнир",
      name_en: "Tournament",
      description_ru: "",
      description_en: "",
      duration_ms: 600_000,
      prizes: [5, 4, 3, 2, 1],
      min_payment: 0,
      start_now: true,
    }),
  },
  { method: "POST", path: "/api/admin/tournaments/template" },
  { method: "POST", path: "/api/tournaments/get", spec: [], body: () => ({ page: 1, lang: "en" }) },
  { method: "GET", path: "/api/tournaments/get-conditions", spec: [] },
  {
    method: "POST",
    path: "/api/tournaments/setActive",
    spec: [],
    body: async () => {
      const row = await env.DB.prepare("SELECT id FROM tournaments WHERE status = 'open'").first<{ id: number }>();
      return { id: row?.id ?? 1 };
    },
  },
  { method: "POST", path: "/api/admin/tournaments/cancel", body: async () => ({ reason: (await openWalkTournament()) && "walk: canceled" }) },
  { method: "POST", path: "/api/admin/tournaments/past", body: () => ({}) },

  // ── top list ──
  { method: "GET", path: "/api/top", body: () => ({ period: "week", metric: "wagered" }) },

  // ── chat ──
  { method: "POST", path: "/api/chat/getMessages", spec: [] },
  // a visitor's message is refused by the room (401), like a signed-in route's
  { method: "POST", path: "/api/chat/sendMessage", spec: ["message"], visitor: 401, body: () => ({ message: `hello ${tag()}` }) },
  { method: "POST", path: "/api/chat/delete", spec: ["id"], body: async () => ({ id: await chatMessage() }) },
  {
    method: "POST",
    path: "/api/chat/ban",
    body: async () => ({ user_id: (await makeUser()).user.id, duration: 5, reason_id: (await banReason()).id }),
  },
  { method: "POST", path: "/api/chat/mutes" },
  {
    method: "POST",
    path: "/api/chat/unBan",
    spec: ["id", "user_id"],
    body: async (c) => {
      const { user } = await makeUser();
      await post("/api/chat/ban", { user_id: user.id, duration: null, reason_id: (await banReason()).id }, c.admin.token);
      return { id: user.id };
    },
  },
  { method: "POST", path: "/api/chat/clear" },
  { method: "POST", path: "/api/admin/chat/quiz/items", body: () => emptyAfter(houseItem()) },
  {
    method: "POST",
    path: "/api/admin/chat/quiz/start",
    body: async () => ({ question: "2 + 2?", answer: "4", item_id: await houseItem() }),
  },
  { method: "POST", path: "/api/admin/chat/quiz/stop" },
  { method: "POST", path: "/api/admin/chat/log", body: () => ({}) },

  // ── admin ──
  {
    method: "POST",
    path: "/api/admin/users/adjust",
    body: async () => ({ user_id: (await makeUser()).user.id, amount: 5, reason: "walk" }),
  },
  { method: "POST", path: "/api/admin/users/ban", body: async () => ({ user_id: (await makeUser()).user.id }) },
  {
    method: "POST",
    path: "/api/admin/users/unban",
    body: async () => ({ user_id: (await makeUser({ banned: true })).user.id }),
  },
  { method: "POST", path: "/api/admin/users/search", body: async () => ({ q: (await makeUser({ username: `walk-${tag()}` })).user.username }) },
  { method: "POST", path: "/api/admin/users/get", body: async () => ({ user_id: (await makeUser()).user.id }) },
  { method: "POST", path: "/api/admin/users/sessions/end", body: async () => ({ user_id: (await makeUser()).user.id }) },
  { method: "POST", path: "/api/admin/users/role", body: async () => ({ user_id: (await makeUser()).user.id, role: "moderator" }) },
  { method: "POST", path: "/api/admin/audit/list", body: () => ({ action: "user." }) },
  {
    method: "POST",
    path: "/api/admin/promo/create",
    body: () => ({ code: promoName("WALK"), kind: "balance", amount: 1, daily_limit: 5 }),
  },
  { method: "POST", path: "/api/admin/promo/list", body: () => emptyAfter(makePromo()) },
  { method: "POST", path: "/api/admin/promo/disable", body: async () => ({ id: (await makePromo()).id }) },
  { method: "POST", path: "/api/admin/maintenance", body: () => ({ enabled: false, message: "" }) },
  // last: it re-prices the whole catalogue from the fake feed
  { method: "POST", path: "/api/admin/prices/refresh" },
];
