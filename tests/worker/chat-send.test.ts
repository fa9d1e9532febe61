// Sending (spec §5 Chat) over real sockets and POST /api/chat/*: history on connect, live
// broadcast, plain-text storage, the minimum deposit, too fast, links, commands and floods.
import { env } from "cloudflare:workers";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { chatMessageJson, getMessagesAnswer, type ChatMessageJson } from "../../shared/api/chat";
import { CHAT, SOCKET } from "../../shared/constants";
import { placeBet, settleLoss, settleWin, writeRound } from "../../worker/rooms/crash/settlement";
import { chatRoom } from "../../worker/rooms/chat/stub";
import { all, chatCall, connectChat, moderator, next, player, say } from "./chat-client";
import { advanceClock } from "./crash-client";
import { giveItem, writeWaitingRound } from "./crash-fixtures";
import { closeAll, type ChatClient } from "./hub-client";
import { makeUser, post } from "./user-fixtures";
import { batch } from "../../worker/db/sql";

let open: ChatClient[] = [];
async function socket(who?: Parameters<typeof connectChat>[0]) {
  const c = await connectChat(who);
  open.push(c);
  return c;
}
afterEach(() => {
  closeAll(open);
  open = [];
});
afterAll(() => vi.useRealTimers());

describe("history and broadcast", () => {
  it("a message is broadcast to every socket (visitors too) and kept for the next connect and getMessages", async () => {
    const ann = await player();
    const sender = await socket(ann);
    const watcher = await socket();
    const skip = all(watcher, "newMessage").length;
    expect(await say(sender, "  hello chat  ")).toEqual({ status: "success", message: "chat_api.message_sent" });
    const live = await next(watcher, "newMessage", (f) => f.data.message === "hello chat", skip);
    expect(chatMessageJson.parse(live.data)).toMatchObject({
      type: "MESSAGE",
      message: "hello chat",
      user: { id: ann.user.id, username: ann.user.username, is_admin: false, is_moderator: false, is_youtuber: false },
    });
    expect(live.data.time).toBeGreaterThan(0);

    const later = await socket();
    const loaded = all(later, "loadChat")[0]!.data.messages;
    expect(loaded.at(-1)).toEqual(live.data);
    const http = await chatCall<{ messages: ChatMessageJson[] }>("getMessages", {});
    expect(http.status).toBe(200);
    expect(getMessagesAnswer.parse(http.body)).toEqual(http.body);
    expect(http.body.messages.at(-1)).toEqual(live.data);
    // the connect order: loadChat then quizInit
    const events = later.frames.map((f) => f.event).filter((e) => e === "loadChat" || e === "quizInit");
    expect(events).toEqual(["loadChat", "quizInit"]);
  });

  it("keeps only the last CHAT.historySize messages, oldest first, with increasing ids", async () => {
    const staff = await moderator(); // staff are exempt from the deposit; the clock moves past the rate limit
    for (let i = 0; i < CHAT.historySize + 5; i++) {
      advanceClock(CHAT.minIntervalMs);
      expect((await chatRoom(env).postMessage(staff.user.id, `fill ${i}`)).status).toBe(200);
    }
    const messages = await chatRoom(env).history();
    expect(messages).toHaveLength(CHAT.historySize);
    expect(messages.at(-1)!.message).toBe(`fill ${CHAT.historySize + 4}`);
    expect(messages[0]!.message).toBe("fill 5");
    const ids = messages.map((m) => m.id);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("stores and broadcasts an XSS payload verbatim, as text", async () => {
    const eve = await player();
    const c = await socket(eve);
    const payload = `<img src=x onerror="alert(1)"> <script>alert('x')</script> javascript:alert(document.cookie) &amp;`;
    expect((await say(c, payload)).status).toBe("success");
    const live = await next(c, "newMessage", (f) => f.data.user.id === eve.user.id);
    expect(live.data.message).toBe(payload);
    expect((await chatRoom(env).history()).at(-1)!.message).toBe(payload);
  });
});

describe("the rules (one path for the socket and the HTTP call)", () => {
  it("a visitor: 401 chat_api.unauthorized both ways", async () => {
    const v = await socket();
    expect(await say(v, "hi")).toEqual({ status: "error", message: "chat_api.unauthorized" });
    const http = await chatCall("sendMessage", { message: "hi" });
    expect(http).toMatchObject({ status: 401, body: { status: "error", message: "chat_api.unauthorized" } });
  });

  it("empty and too long are refused, nothing is posted", async () => {
    const p = await player();
    const c = await socket(p);
    expect(await say(c, "   ")).toMatchObject({ status: "error", message: "chat_api.empty" });
    expect(await chatCall("sendMessage", { message: "x".repeat(CHAT.maxMessageLength + 1) }, p.token)).toMatchObject({
      status: 400,
      body: { message: "chat_api.too_long" },
    });
    expect((await chatCall("sendMessage", { message: "x".repeat(CHAT.maxMessageLength) }, p.token)).status).toBe(200);
    expect((await chatRoom(env).history()).filter((m) => m.user.id === p.user.id)).toHaveLength(1);
  });

  it("a body that is not a string is a 400 invalid_request, never a 500", async () => {
    const p = await player();
    expect(await chatCall("sendMessage", { message: 42 }, p.token)).toMatchObject({ status: 400, body: { message: "app_api.invalid_request" } });
    expect(await chatCall("sendMessage", {}, p.token)).toMatchObject({ status: 400 });
  });

  it("refuses a player without the minimum deposit (403 + sum), and lets them chat once they deposit", async () => {
    const poor = await makeUser(); // test users start with no deposit
    const c = await socket(poor);
    expect(await say(c, "hi")).toEqual({ status: "error", message: "chat_api.min_deposit", sum: 1 });
    expect(await chatCall("sendMessage", { message: "hi" }, poor.token)).toMatchObject({ status: 403, body: { message: "chat_api.min_deposit", sum: 1 } });
    // a balance without a deposit (e.g. an adjustment) does not count
    await env.DB.prepare("UPDATE users SET balance = 10000 WHERE id = ?1").bind(poor.user.id).run();
    expect((await say(c, "hi")).message).toBe("chat_api.min_deposit");
    await env.DB.prepare("UPDATE users SET balance = 0 WHERE id = ?1").bind(poor.user.id).run();
    const { deposit } = await import("./user-fixtures");
    await deposit(poor.user.id, 100);
    expect(await say(c, "hi")).toEqual({ status: "success", message: "chat_api.message_sent" });
  });

  it("too fast: a second message within CHAT.minIntervalMs is refused (HTTP and socket share the limit)", async () => {
    const p = await player();
    const c = await socket(p);
    expect((await say(c, "first")).status).toBe("success");
    expect(await chatCall("sendMessage", { message: "second" }, p.token)).toMatchObject({ status: 429, body: { message: "chat_api.too_fast" } });
    expect(await say(c, "third")).toMatchObject({ status: "error", message: "chat_api.too_fast" });
    advanceClock(CHAT.minIntervalMs);
    expect((await say(c, "fourth")).status).toBe("success");
    expect((await chatRoom(env).history()).filter((m) => m.user.id === p.user.id).map((m) => m.message)).toEqual(["first", "fourth"]);
  });

  it("refuses links from players, lets staff post them", async () => {
    const p = await player();
    const c = await socket(p);
    for (const text of ["visit site.com", "t.me/skins", "http://x.io", "www.free", "1.2.3.4"]) {
      expect(await say(c, text), text).toMatchObject({ status: "error", message: "chat_api.links" });
    }
    expect(await say(c, "cashed out at 1.5x and x2.50")).toMatchObject({ status: "success" });
    const mod = await moderator();
    expect(await chatCall("sendMessage", { message: "rules at site.com/rules" }, mod.token)).toMatchObject({ status: 200 });
    const kept = await chatRoom(env).history();
    expect(kept.some((m) => m.message === "visit site.com")).toBe(false);
    expect(kept.at(-1)).toMatchObject({ message: "rules at site.com/rules", user: { id: mod.user.id, is_moderator: true } });
  });

  it("refuses hidden links (zero-width, ideographic dots, look-alike letters, [.], .onion) on the socket and the API; harmless dots pass (docs/security.md, Chat link filter)", async () => {
    const p = await player();
    const c = await socket(p);
    const tricks = ["t\u200B.me/skins", "evil\u3002com", "evil.\u0441\u043e\u043c", "evil[.]com", "abcdefghij234567.onion", "192[.]168.0.1", "hxxp://evil"];
    for (const text of tricks) {
      expect(await say(c, text), text).toMatchObject({ status: "error", message: "chat_api.links" });
      advanceClock(CHAT.minIntervalMs);
    }
    expect(await chatCall("sendMessage", { message: "free skins at ev\u200Bil\uFF0Ecom" }, p.token)).toMatchObject({
      status: 400,
      body: { message: "chat_api.links" },
    });
    advanceClock(CHAT.minIntervalMs);
    expect(await say(c, "e.g. x1.5 then 2.50, ну.и ok.")).toMatchObject({ status: "success" });
    const mine = (await chatRoom(env).history()).filter((m) => m.user.id === p.user.id).map((m) => m.message);
    expect(mine).toEqual(["e.g. x1.5 then 2.50, ну.и ok."]);
  });
});

describe("commands (§6)", () => {
  it("!stats posts a stats card over the asker's crash bets", async () => {
    const p = await player(1_000);
    const other = await player();
    const roundId = 700_001;
    await writeWaitingRound(roundId);
    const [w, l, o] = [await giveItem(p.user.id, 1_000), await giveItem(p.user.id, 500), await giveItem(other.user.id, 300)];
    const now = Date.now();
    expect((await placeBet(env, { betId: "chat-win", roundId, userId: p.user.id, itemIds: [w], autoWithdraw: 200, now })).ok).toBe(true);
    expect((await placeBet(env, { betId: "chat-lose", roundId, userId: p.user.id, itemIds: [l], autoWithdraw: 500, now })).ok).toBe(true);
    expect((await placeBet(env, { betId: "chat-other", roundId, userId: other.user.id, itemIds: [o], autoWithdraw: 300, now })).ok).toBe(true);
    await settleWin(env, { betId: "chat-win", roundId, userId: p.user.id, cashout: 200, win: 2_000, winItem: null, now });
    await settleLoss(env, { betId: "chat-lose", userId: p.user.id, now });
    await writeRound(env, {
      id: roundId,
      status: "crashed",
      publicHash: "p",
      dayOfMonth: 1,
      provablyFair: true,
      pot: 1_800,
      betsCount: 3,
      itemsCount: 3,
      createdAt: 1,
      startedAt: 2,
      crashedAt: 3,
      crashPoint: 250,
      secret: "s",
    });

    const c = await socket(p);
    const watcher = await socket();
    expect(await say(c, "!stats")).toEqual({ status: "success", message: "chat_api.command_sent" });
    const card = await next(watcher, "newMessage", (f) => f.data.user.id === p.user.id && f.data.type === "stats");
    // two games, one won; profit = (2000 − 1000) + (0 − 500) = +5.00
    expect(card.data).toMatchObject({ type: "stats", message: "!stats", stats: { total_games: 2, win_rate: 50, total_profit: 5 } });

    advanceClock(CHAT.minIntervalMs);
    expect((await say(c, `!bet ${roundId}`)).message).toBe("chat_api.command_sent");
    const bet = await next(watcher, "newMessage", (f) => f.data.type === "bet" && f.data.user.id === p.user.id);
    expect(bet.data).toMatchObject({ type: "bet", stats: { round_id: roundId, crash_point: 2.5, bank: 18, bets: 3, items: 3, my_bank: 15, my_win: 20 } });

    advanceClock(CHAT.minIntervalMs);
    // the other player's view of the same round: their own part only
    const oc = await socket(other);
    expect((await say(oc, `!bet ${roundId}`)).message).toBe("chat_api.command_sent");
    const theirs = await next(watcher, "newMessage", (f) => f.data.type === "bet" && f.data.user.id === other.user.id);
    expect(theirs.data).toMatchObject({ stats: { my_bank: 3, my_win: 0 } });
  });

  it("!balance posts deposits, balance and withdrawals", async () => {
    const p = await player(2_550);
    const { userBalanceStatements } = await import("../../worker/db/ledger");
    await batch(env.DB, userBalanceStatements({ userId: p.user.id, delta: -550, kind: "withdrawal", idempotencyKey: `chat-wd-${p.user.id}` }));
    const c = await socket(p);
    expect((await say(c, "!balance")).message).toBe("chat_api.command_sent");
    const card = await next(c, "newMessage", (f) => f.data.type === "balance" && f.data.user.id === p.user.id);
    expect(card.data).toMatchObject({ message: "!balance", stats: { total_deposit: 25.5, balance: 20, total_withdraw: 5.5 } });

    // a completed money withdrawal (paid out by the house) counts what arrived; an open one does not
    for (const [status, payout] of [
      ["completed", 800],
      ["moderation", 400],
    ] as const) {
      await env.DB.prepare(
        `INSERT INTO money_withdrawals (user_id, request_id, system, wallet, amount, tax, payout, status, next_attempt_at)
         VALUES (?1, ?2, 3, '4242424242424242', ?3, ?4, ?5, ?6, 0)`,
      )
        .bind(p.user.id, `chat-${status}`, payout + payout / 4, payout / 4, payout, status)
        .run();
    }
    advanceClock(CHAT.minIntervalMs);
    expect((await say(c, "!balance")).message).toBe("chat_api.command_sent");
    const again = await next(c, "newMessage", (f) => f.data.type === "balance" && f.data.user.id === p.user.id && f.data.stats.total_withdraw !== 5.5);
    expect(again.data).toMatchObject({ stats: { total_withdraw: 13.5 } });
  });

  it("!bet of a round that does not exist, a round not crashed yet, and unknown commands", async () => {
    const p = await player();
    const c = await socket(p);
    expect(await say(c, "!bet 99999999")).toMatchObject({ status: "error", message: "chat_api.round_not_found" });
    expect(await chatCall("sendMessage", { message: "!help" }, p.token)).toMatchObject({ status: 400, body: { message: "chat_api.command_not_found" } });
    expect(await say(c, "!bet")).toMatchObject({ message: "chat_api.command_not_found" });
    // refused commands do not use up the rate limit
    const waiting = 700_002;
    await writeWaitingRound(waiting);
    expect((await say(c, `!bet ${waiting}`)).message).toBe("chat_api.command_sent");
    const card = await next(c, "newMessage", (f) => f.data.type === "bet" && f.data.user.id === p.user.id);
    expect(card.data).toMatchObject({ stats: { round_id: waiting, crash_point: null, my_bank: 0 } });
  });
});

describe("floods", () => {
  it("a socket flooding sendMessage frames is closed; others stay", async () => {
    const p = await player();
    const calm = await socket();
    const flooder = await socket(p);
    for (let i = 0; i <= SOCKET.flood.maxFrames + 5; i++) flooder.send({ event: "sendMessage", data: { message: `spam ${i}` } });
    const closed = await flooder.waitClosed();
    expect(closed.code).toBe(SOCKET.policyViolationCode);
    // the rate limit let one through
    expect((await chatRoom(env).history()).filter((m) => m.user.id === p.user.id)).toHaveLength(1);
    calm.send({ event: "ping", data: {} });
    await calm.waitFor((f) => f.event === "pong", "pong");
    expect(calm.closed).toBeUndefined();
  });

  it("a malformed sendMessage frame is an invalid_request error, not a crash", async () => {
    const c = await socket();
    c.send({ event: "sendMessage", data: { message: 5 } });
    expect(await c.waitFor((f) => f.event === "error", "error")).toEqual({ event: "error", data: { message: "app_api.invalid_request" } });
  });
});

describe("getConfig", () => {
  it("publishes the chat minimum deposit (dollars) and the sell tax", async () => {
    const res = await post("/api/getConfig", {});
    expect(await res.json()).toMatchObject({ chat_min_deposit: 1, sell_tax_percent: 10 });
  });
});
