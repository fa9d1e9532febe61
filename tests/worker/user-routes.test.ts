import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { balanceAnswer, getAnswer, getUserAnswer, inventoryAnswer, profileAnswer, readAllAnswer, saveUrlAnswer, youtubersAnswer } from "../../shared/api/user";
import { createSession, revokeSession } from "../../worker/auth/sessions";
import { sha256Hex } from "../../worker/auth/tokens";
import { db } from "../../worker/db/client";
import { userBalanceStatements } from "../../worker/db/ledger";
import { catalogue, inventoryItems, notifications } from "../../worker/db/schema";
import { makeUser, post } from "./user-fixtures";
import { batch } from "../../worker/db/sql";

const USER_ROUTES = [
  "/api/user/get",
  "/api/user/getBalance",
  "/api/user/getProfile",
  "/api/user/saveUrl",
  "/api/user/getInventory",
  "/api/user/notification/readAll",
];

const GOOD_LINK = "https://steamcommunity.com/tradeoffer/new/?partner=123456789&token=aB3_-xYz";

async function addCatalogueItem(name: string, price: number) {
  return db(env)
    .insert(catalogue)
    .values({
      marketHashName: `${name} (Field-Tested)`,
      name,
      weapon: name.split(" | ")[0] ?? name,
      category: "rifle",
      rarity: "Classified",
      rarityColor: "#d32ce6",
      exterior: "Field-Tested",
      image: `https://img.example/${encodeURIComponent(name)}.png`,
      price,
    })
    .returning()
    .get();
}

describe("user routes without a valid token", () => {
  it.each(USER_ROUTES)("%s answers 401 user_api.unauthorized without a token", async (path) => {
    const res = await post(path, {});
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ status: "error", type: "error", success: false, message: "user_api.unauthorized" });
  });

  it("answers 401 to an expired token and to a revoked one", async () => {
    const { user, token } = await makeUser();
    const expired = await createSession(db(env), user.id, 1, Date.now() - 2 * 3_600_000);
    expect((await post("/api/user/get", {}, expired)).status).toBe(401);

    await revokeSession(db(env), await sha256Hex(token));
    const res = await post("/api/user/getBalance", {}, token);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ message: "user_api.unauthorized" });
  });

  it("answers 401 to a malformed Authorization header", async () => {
    const res = await exports.default.fetch("http://x/api/user/get", { method: "POST", headers: { Authorization: "Bearer not-a-token" } });
    expect(res.status).toBe(401);
  });

  it.each(USER_ROUTES)("%s answers 403 user_api.banned to a banned user", async (path) => {
    const { token } = await makeUser({ banned: true });
    const res = await post(path, { user_id: 1, appId: 730, trade_link: GOOD_LINK }, token);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ message: "user_api.banned" });
  });
});

describe("POST /api/user/get", () => {
  it("answers the current user with the latest 50 notifications and the unread count", async () => {
    const { user, token } = await makeUser({ username: "alice", balance: 12345, cashback: 250, isYoutuber: true });
    const rows = Array.from({ length: 55 }, (_, i) => ({
      userId: user.id,
      name: `n${i}`,
      content: `c${i}`,
      isRead: i < 10,
      createdAt: 1_700_000_000_000 + i,
    }));
    // D1 binds at most 100 variables per statement
    for (let i = 0; i < rows.length; i += 10)
      await db(env)
        .insert(notifications)
        .values(rows.slice(i, i + 10));
    const other = await makeUser();
    await db(env).insert(notifications).values({ userId: other.user.id, name: "theirs", content: "x" });

    const res = await post("/api/user/get", undefined, token);
    expect(res.status).toBe(200);
    const { user: me } = getAnswer.parse(await res.json());
    expect(me).toMatchObject({
      id: user.id,
      username: "alice",
      avatar: "default",
      trade_link: null,
      is_admin: false,
      is_moderator: false,
      is_youtuber: true,
      balance: 123.45,
      cashback: 250,
      banned: false,
      unread_notifications: 45,
    });
    expect(me.notifications).toHaveLength(50);
    expect(me.notifications[0]).toMatchObject({ name: "n54", content: "c54", is_read: false, created_at: 1_700_000_000_054 });
    expect(me.notifications.at(-1)?.name).toBe("n5");
    expect(me.notifications.some((n) => n.name === "theirs")).toBe(false);
  });

  it("accepts an empty body with no content type, refuses a body that is not JSON, and a malformed one", async () => {
    const { token } = await makeUser();
    expect((await post("/api/user/get", undefined, token)).status).toBe(200);
    // docs/api.md "Contracts": a body is JSON, with its content type
    const plain = await post("/api/user/get", "{}", token, { "Content-Type": "text/plain" });
    expect(plain.status).toBe(415);
    expect(await plain.json()).toMatchObject({ message: "app_api.invalid_request" });
    const bad = await post("/api/user/get", "{oops", token);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ message: "app_api.invalid_request" });
    const arr = await post("/api/user/get", [1, 2], token);
    expect(arr.status).toBe(400);
  });
});

describe("POST /api/user/getBalance", () => {
  it("answers the balance in dollars", async () => {
    const { token } = await makeUser({ balance: 1005 });
    const res = await post("/api/user/getBalance", {}, token);
    expect(balanceAnswer.parse(await res.json())).toEqual({ balance: 10.05 });
  });
});

describe("POST /api/user/getUser", () => {
  it("answers the public view with stats from the ledger", async () => {
    const { token } = await makeUser();
    const { user: bob } = await makeUser({ username: "bob", avatar: "https://a.example/b.png", balance: 0 });
    // two money games: stake 10 won 25 (round r1), stake 5 lost (r2); a refunded round r3 does not count
    const moves: Array<[number, "deposit" | "bet" | "win" | "refund", string | null]> = [
      [5000, "deposit", null],
      [-1000, "bet", "crash:r1"],
      [2500, "win", "crash:r1"],
      [-500, "bet", "crash:r2"],
      [-700, "bet", "crash:r3"],
      [700, "refund", "crash:r3"],
    ];
    for (const [delta, kind, reference] of moves) {
      await batch(env.DB, userBalanceStatements({ userId: bob.id, delta, kind, reference, idempotencyKey: crypto.randomUUID() }));
    }

    const res = await post("/api/user/getUser", { user_id: bob.id }, token);
    expect(res.status).toBe(200);
    const body = getUserAnswer.parse(await res.json());
    expect(body.user).toEqual({
      id: bob.id,
      username: "bob",
      avatar: "https://a.example/b.png",
      stats: { games: 2, won: 1, winrate: 50, amount_won: 25, top_win: 25, top_ratio: 2.5 },
      crashBets: [],
      jackpotBets: [],
      wheelBets: [],
    });
    // the public view leaks nothing private
    expect(Object.keys(body.user).sort()).toEqual(["avatar", "crashBets", "id", "jackpotBets", "stats", "username", "wheelBets"]);
  });

  it("accepts the id as a string of digits", async () => {
    const { user, token } = await makeUser();
    const res = await post("/api/user/getUser", { user_id: String(user.id) }, token);
    expect(res.status).toBe(200);
  });

  it("answers 404 user_api.user_not_found (a catalogue key) for an unknown id, to players and visitors", async () => {
    const { token } = await makeUser();
    for (const t of [token, undefined]) {
      const res = await post("/api/user/getUser", { user_id: 999_999 }, t);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ status: "error", message: "user_api.user_not_found" });
    }
  });

  it("is public: a visitor (no token) gets the same view, nothing private in it", async () => {
    const { user: carol } = await makeUser({ username: "carol", balance: 12_345, tradeLink: GOOD_LINK, isAdmin: true });
    await db(env).insert(notifications).values({ userId: carol.id, name: "n", content: "secret", createdAt: Date.now() });
    const res = await post("/api/user/getUser", { user_id: carol.id });
    expect(res.status).toBe(200);
    const raw = await res.text();
    const body = getUserAnswer.parse(JSON.parse(raw));
    expect(body.user).toMatchObject({ id: carol.id, username: "carol", stats: { games: 0 } });
    expect(Object.keys(body.user).sort()).toEqual(["avatar", "crashBets", "id", "jackpotBets", "stats", "username", "wheelBets"]);
    for (const secret of ["balance", "trade_link", "tradeLink", "tradeoffer", "123.45", "is_admin", "notifications", "secret"])
      expect(raw).not.toContain(secret);
  });

  it("a visitor's bad id still answers 400, and a visitor still gets 401 on the private calls", async () => {
    expect((await post("/api/user/getUser", { user_id: "bob" })).status).toBe(400);
    expect((await post("/api/user/getProfile", {})).status).toBe(401);
  });

  it.each([
    ["missing", {}],
    ["a boolean", { user_id: true }],
    ["an array", { user_id: [5] }],
    ["a fraction", { user_id: 1.5 }],
    ["negative", { user_id: -3 }],
    ["zero", { user_id: 0 }],
    ["huge", { user_id: 1e300 }],
    ["a word", { user_id: "bob" }],
    ["null", { user_id: null }],
  ])("answers 400 for a %s user_id", async (_, body) => {
    const { token } = await makeUser();
    const res = await post("/api/user/getUser", body, token);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: "app_api.invalid_request" });
  });
});

describe("POST /api/user/getProfile", () => {
  it("answers every list and zero stats for a new player", async () => {
    const { user, token } = await makeUser();
    const res = await post("/api/user/getProfile", {}, token);
    expect(res.status).toBe(200);
    expect(profileAnswer.parse(await res.json())).toEqual({
      referrals: [],
      referral: { code: user.id.toString(36).toUpperCase(), share_percent: 5, earned: 0, count: 0 },
      crashBets: [],
      jackpotBets: [],
      wheelBets: [],
      withdraws: [],
      stats: { games: 0, won: 0, winrate: 0, amount_won: 0, top_win: 0, top_ratio: 0 },
    });
  });

  it("counts only the caller's own games", async () => {
    const me = await makeUser();
    const other = await makeUser();
    await batch(env.DB, [
      ...userBalanceStatements({ userId: other.user.id, delta: 1000, kind: "deposit", idempotencyKey: "p-dep" }),
      ...userBalanceStatements({ userId: other.user.id, delta: -300, kind: "bet", reference: "wheel:1", idempotencyKey: "p-bet" }),
    ]);
    const body = profileAnswer.parse(await (await post("/api/user/getProfile", {}, me.token)).json());
    expect(body.stats.games).toBe(0);
    const theirs = profileAnswer.parse(await (await post("/api/user/getProfile", {}, other.token)).json());
    expect(theirs.stats).toEqual({ games: 1, won: 0, winrate: 0, amount_won: 0, top_win: 0, top_ratio: 0 });
  });
});

describe("POST /api/user/saveUrl", () => {
  it("saves a valid trade link", async () => {
    const { user, token } = await makeUser();
    const res = await post("/api/user/saveUrl", { trade_link: ` ${GOOD_LINK} ` }, token);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(saveUrlAnswer.parse(body)).toEqual(body);
    expect(body).toEqual({ type: "success", message: "user_api.link_saved" });
    const me = getAnswer.parse(await (await post("/api/user/get", {}, token)).json());
    expect(me.user.trade_link).toBe(GOOD_LINK);
    expect(me.user.id).toBe(user.id);
  });

  it.each([
    ["missing", {}],
    ["a number", { trade_link: 42 }],
    ["null", { trade_link: null }],
    ["http", { trade_link: GOOD_LINK.replace("https", "http") }],
    ["another host", { trade_link: GOOD_LINK.replace("steamcommunity.com", "steamcommunity.co") }],
    ["a short token", { trade_link: GOOD_LINK.replace("aB3_-xYz", "aB3_-xY") }],
    ["a long token", { trade_link: `${GOOD_LINK}Q` }],
    ["a letter partner", { trade_link: GOOD_LINK.replace("123456789", "12a") }],
    ["an extra parameter", { trade_link: `${GOOD_LINK}&x=1` }],
    ["a huge string", { trade_link: "x".repeat(100_000) }],
  ])("refuses %s trade_link with 400 user_api.invalid_trade_link and keeps the old one", async (_, body) => {
    const { token } = await makeUser({ tradeLink: GOOD_LINK });
    const res = await post("/api/user/saveUrl", body, token);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ type: "error", message: "user_api.invalid_trade_link" });
    const me = getAnswer.parse(await (await post("/api/user/get", {}, token)).json());
    expect(me.user.trade_link).toBe(GOOD_LINK);
  });

  it("a player signed in with Steam saves only his own account's link (partner = SteamID64 − 76561197960265728)", async () => {
    const { user, token } = await makeUser({ tradeLink: GOOD_LINK });
    await env.DB.prepare("UPDATE users SET steam_id = ?1 WHERE id = ?2").bind("76561198083722517", user.id).run();
    const own = "https://steamcommunity.com/tradeoffer/new/?partner=123456789&token=Own_link";
    const other = "https://steamcommunity.com/tradeoffer/new/?partner=123456788&token=Not_mine";
    const refused = await post("/api/user/saveUrl", { trade_link: other }, token);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ type: "error", message: "user_api.trade_link_not_yours" });
    expect(getAnswer.parse(await (await post("/api/user/get", {}, token)).json()).user.trade_link).toBe(GOOD_LINK);
    expect((await post("/api/user/saveUrl", { trade_link: own }, token)).status).toBe(200);
    expect(getAnswer.parse(await (await post("/api/user/get", {}, token)).json()).user.trade_link).toBe(own);
  });

  it("refuses malformed JSON with app_api.invalid_request", async () => {
    const { token } = await makeUser();
    const res = await post("/api/user/saveUrl", '{"trade_link": ', token);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: "app_api.invalid_request" });
  });
});

describe("POST /api/user/getInventory", () => {
  it("lists the caller's shown items joined with the catalogue, dearest first", async () => {
    const { user, token } = await makeUser();
    const other = await makeUser();
    const ak = await addCatalogueItem("AK-47 | Redline", 1500);
    const awp = await addCatalogueItem("AWP | Asiimov", 9000);
    const statuses = ["available", "in_bet", "withdrawing", "withdrawn", "sold", "lost"];
    for (const [i, status] of statuses.entries()) {
      await db(env)
        .insert(inventoryItems)
        .values({ ownerId: user.id, catalogueId: ak.id, price: 1000 + i, status });
    }
    const mine = await db(env).insert(inventoryItems).values({ ownerId: user.id, catalogueId: awp.id, price: 8999 }).returning().get();
    await db(env).insert(inventoryItems).values({ ownerId: other.user.id, catalogueId: awp.id, price: 9000 });
    await db(env).insert(inventoryItems).values({ ownerId: null, catalogueId: awp.id, price: 9000 });

    const res = await post("/api/user/getInventory", { appId: 730 }, token);
    expect(res.status).toBe(200);
    const { items } = inventoryAnswer.parse(await res.json());
    // every item at its value, the current catalogue price (docs/security.md "One valuation rule for items"), whatever it was booked at
    expect(items.map((i) => i.status)).toEqual(["available", "available", "in_bet", "withdrawing"]);
    expect(items[0]).toEqual({
      myId: mine.id,
      id: awp.id,
      market_hash_name: "AWP | Asiimov (Field-Tested)",
      name: "AWP | Asiimov",
      exterior: "Field-Tested",
      rarity: "Classified",
      rarity_color: "#d32ce6",
      image: awp.image,
      price: 90,
      status: "available",
    });
    expect(items.slice(1).map((i) => i.price)).toEqual([15, 15, 15]);
  });

  it("accepts appId as a numeric string and answers an empty list", async () => {
    const { token } = await makeUser();
    const res = await post("/api/user/getInventory", { appId: "730" }, token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ items: [] });
  });

  it.each([
    ["missing", {}],
    ["another game", { appId: 570 }],
    ["null", { appId: null }],
    ["a word", { appId: "cs2" }],
    ["huge", { appId: 1e308 }],
    ["730.5", { appId: 730.5 }],
  ])("refuses %s appId with 400", async (_, body) => {
    const { token } = await makeUser();
    const res = await post("/api/user/getInventory", body, token);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: "app_api.invalid_request" });
  });
});

describe("POST /api/user/notification/readAll", () => {
  it("marks only the caller's notifications read", async () => {
    const me = await makeUser();
    const other = await makeUser();
    await db(env)
      .insert(notifications)
      .values([
        { userId: me.user.id, name: "a", content: "1" },
        { userId: me.user.id, name: "b", content: "2" },
        { userId: other.user.id, name: "c", content: "3" },
      ]);
    const res = await post("/api/user/notification/readAll", undefined, me.token);
    expect(res.status).toBe(200);
    expect(readAllAnswer.parse(await res.json())).toEqual({ success: true });

    const mine = getAnswer.parse(await (await post("/api/user/get", {}, me.token)).json()).user;
    expect(mine.unread_notifications).toBe(0);
    expect(mine.notifications.every((n) => n.is_read)).toBe(true);
    const theirs = getAnswer.parse(await (await post("/api/user/get", {}, other.token)).json()).user;
    expect(theirs.unread_notifications).toBe(1);
  });

  it("refuses a malformed body", async () => {
    const { token } = await makeUser();
    expect((await post("/api/user/notification/readAll", "[", token)).status).toBe(400);
  });
});

describe("GET /api/youtubers", () => {
  it("lists youtubers (not banned ones) to anyone, in id order", async () => {
    const a = await makeUser({ username: "streamer1", isYoutuber: true, avatar: "https://a.example/1.png" });
    const plain = await makeUser({ username: "plain" });
    const gone = await makeUser({ username: "gone", isYoutuber: true, banned: true });
    const b = await makeUser({ username: "streamer2", isYoutuber: true });
    const res = await exports.default.fetch("http://x/api/youtubers");
    expect(res.status).toBe(200);
    const { youtubers } = youtubersAnswer.parse(await res.json());
    expect(youtubers).toContainEqual({ id: a.user.id, username: "streamer1", avatar: "https://a.example/1.png" });
    expect(youtubers).toContainEqual({ id: b.user.id, username: "streamer2", avatar: "default" });
    const ids = youtubers.map((y) => y.id);
    expect(ids).not.toContain(plain.user.id);
    expect(ids).not.toContain(gone.user.id);
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
  });

  it("answers 404 for a POST", async () => {
    const res = await exports.default.fetch("http://x/api/youtubers", { method: "POST" });
    expect(res.status).toBe(404);
  });
});
