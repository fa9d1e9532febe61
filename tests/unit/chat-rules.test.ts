// Chat rules (spec §5 Chat, §6): text, links, commands, the rate limiter, mute minutes, the quiz
// answer match, who may mute whom, and the send path's order of checks (with fakes for D1).
import { describe, expect, it } from "vitest";
import { CHAT } from "../../shared/constants";
import { chatMessageJson, type ChatMessageJson } from "../../shared/api/chat";
import type { ChatAuthor } from "../../worker/chat/author";
import { winRate } from "../../worker/chat/commands";
import { chatMinDepositCents } from "../../worker/chat/config";
import { mayMute } from "../../worker/chat/mutes";
import { chatUser, keepLast, stamp, systemDraft, type Draft } from "../../worker/rooms/chat/messages";
import { foldAnswer, isWinningAnswer, quizView, type QuizState } from "../../worker/rooms/chat/quiz";
import { AttemptWindow, RateLimiter } from "../../worker/rooms/chat/rate-limit";
import { checkText, containsLink, isMuteActive, muteMinutesLeft, parseCommand } from "../../worker/rooms/chat/rules";
import { sendChat, type SendContext } from "../../worker/rooms/chat/send";

describe("text: 1–255 characters after trimming", () => {
  it("trims and keeps the inner text", () => {
    expect(checkText("  hi there \n")).toEqual({ ok: true, text: "hi there" });
  });
  it("refuses empty and whitespace-only text", () => {
    expect(checkText("")).toEqual({ ok: false, key: "chat_api.empty" });
    expect(checkText(" \t\n ")).toEqual({ ok: false, key: "chat_api.empty" });
  });
  it("accepts exactly 255 characters, refuses 256 (spaces around do not count)", () => {
    expect(checkText(`  ${"a".repeat(CHAT.maxMessageLength)}  `)).toMatchObject({ ok: true });
    expect(checkText("a".repeat(CHAT.maxMessageLength + 1))).toEqual({ ok: false, key: "chat_api.too_long" });
  });
});

describe("links (§5: no links, ids or promos)", () => {
  const links = [
    "http://example.com",
    "HTTPS://EXAMPLE.ORG/x",
    "look ftp://files",
    "steam://run/730",
    "www.anything",
    "go to WWW.Site.ru now",
    "site.com",
    "my-site.com/page?x=1",
    "best skins at csgo.NET!",
    "t.me/channel",
    "t.me",
    "vk.com/id1",
    "mail me: someone@mail.ru",
    "сайт.рф",
    "bit.ly/abc",
    "free.gg",
    "192.168.0.1",
    "try 10.0.0.1:8080/login",
    "go.to/x",
    "promo at something.weird/abc",
    // every country domain, even the ones that read as words
    "csgo500.in",
    "free skins.us",
    "drop.to",
    "free.at",
    "site.ro",
    "ok.so what",
    "look.at this",
    "school.edu",
    "x.com",
    // dodges
    "site .com",
    "best skins .ru today",
    "Skins-Drop.COM",
  ];
  for (const text of links) it(`refuses ${JSON.stringify(text)}`, () => expect(containsLink(text)).toBe(true));

  const plain = [
    "1.5x",
    "x2.50",
    "cashed out at 2.5 and 10.25",
    "won 1.23$ lol",
    "v1.2.3",
    "1.5x and 10.25x",
    "won 10. nice",
    "so. what",
    "wait...what",
    "e.g. this one",
    "т.е. так",
    "hello world",
    "gg wp",
    "javascript:alert(1)",
    "<img src=x onerror=alert(1)>",
    "3.14159",
  ];
  for (const text of plain) it(`lets ${JSON.stringify(text)} pass`, () => expect(containsLink(text)).toBe(false));
});

describe("commands (§6)", () => {
  it("parses !stats, !balance, case-insensitively", () => {
    expect(parseCommand("!stats")).toEqual({ kind: "stats" });
    expect(parseCommand("!BALANCE")).toEqual({ kind: "balance" });
  });
  it("parses !bet <round id> (a # is tolerated)", () => {
    expect(parseCommand(`${CHAT.betCommand} 123`)).toEqual({ kind: "bet", roundId: 123 });
    expect(parseCommand("!bet   #7")).toEqual({ kind: "bet", roundId: 7 });
  });
  it("anything else after ! is unknown (→ command_not_found)", () => {
    for (const t of ["!help", "!bet", "!bet abc", "!bet 0", "!bet 1 2", "!stats now", "!stat"]) expect(parseCommand(t), t).toEqual({ kind: "unknown" });
  });
  it("plain text is not a command", () => {
    for (const t of ["hello !stats", "!!!", "! hi", "stats"]) expect(parseCommand(t), t).toBeNull();
  });
});

describe("rate limiter (too fast)", () => {
  it("lets a user send once per interval; others are independent", () => {
    const rl = new RateLimiter(2_000);
    expect(rl.take(1, 10_000)).toBe(true);
    expect(rl.take(1, 11_999)).toBe(false);
    expect(rl.waitFor(1, 11_000)).toBe(1_000);
    expect(rl.take(2, 11_999)).toBe(true);
    expect(rl.take(1, 12_000)).toBe(true);
    expect(rl.take(1, 12_001)).toBe(false);
  });
  it("a refused attempt does not push the window forward", () => {
    const rl = new RateLimiter(2_000);
    rl.take(1, 0);
    expect(rl.take(1, 1_500)).toBe(false);
    expect(rl.take(1, 2_000)).toBe(true);
  });
  it("prunes users whose interval is over", () => {
    const rl = new RateLimiter(2_000);
    rl.take(1, 0);
    rl.take(2, 1_000);
    rl.prune(2_500);
    expect(rl.size).toBe(1);
  });
});

describe("attempt window (flood before D1)", () => {
  it("allows max attempts per sliding window; refused ones are not counted", () => {
    const w = new AttemptWindow(3, 1_000);
    expect([w.take(1, 0), w.take(1, 100), w.take(1, 200), w.take(1, 300)]).toEqual([true, true, true, false]);
    expect(w.take(2, 300)).toBe(true);
    expect(w.take(1, 999)).toBe(false);
    expect(w.take(1, 1_000)).toBe(true); // the attempt at 0 left the window
    expect(w.take(1, 1_050)).toBe(false);
    w.prune(5_000);
    expect(w.size).toBe(0);
  });
});

describe("mutes", () => {
  it("minutes left round up, at least 1; forever is null", () => {
    const now = 1_000_000;
    expect(muteMinutesLeft(now + 5 * 60_000, now)).toBe(5);
    expect(muteMinutesLeft(now + 4 * 60_000 + 1, now)).toBe(5);
    expect(muteMinutesLeft(now + 4 * 60_000, now)).toBe(4);
    expect(muteMinutesLeft(now + 1, now)).toBe(1);
    expect(muteMinutesLeft(null, now)).toBeNull();
  });
  it("a mute is active until it expires or is lifted", () => {
    expect(isMuteActive({ until: 100, liftedAt: null }, 99)).toBe(true);
    expect(isMuteActive({ until: 100, liftedAt: null }, 100)).toBe(false);
    expect(isMuteActive({ until: null, liftedAt: null }, 1e15)).toBe(true);
    expect(isMuteActive({ until: null, liftedAt: 5 }, 6)).toBe(false);
  });
  it("nobody mutes an admin, a moderator mutes no staff, an admin may mute a moderator", () => {
    const admin = { id: 1, isAdmin: true, isModerator: false };
    const mod = { id: 2, isAdmin: false, isModerator: true };
    expect(mayMute(mod, { isAdmin: false, isModerator: false })).toBe(true);
    expect(mayMute(mod, { isAdmin: true, isModerator: false })).toBe(false);
    expect(mayMute(mod, { isAdmin: false, isModerator: true })).toBe(false);
    expect(mayMute(admin, { isAdmin: false, isModerator: true })).toBe(true);
    expect(mayMute(admin, { isAdmin: true, isModerator: false })).toBe(false);
  });
});

describe("quiz answers", () => {
  const quiz: QuizState = {
    id: 3,
    question: "Capital of France?",
    answer: "  Paris ",
    item: { id: 9, market_hash_name: "X", name: "X", image: "i", rarity: "r", rarity_color: "#fff", price: 1 },
    actorId: 1,
    startedAt: 0,
    winner: null,
  };
  it("matches trimmed, case-folded text with inner spaces collapsed", () => {
    expect(isWinningAnswer(quiz, "paris", 5)).toBe(true);
    expect(isWinningAnswer(quiz, " PARIS  ", 5)).toBe(true);
    expect(foldAnswer("Ёлка  Новая")).toBe("елка новая");
  });
  it("a wrong answer, the starter, or an already won quiz does not win", () => {
    expect(isWinningAnswer(quiz, "london", 5)).toBe(false);
    expect(isWinningAnswer(quiz, "pariss", 5)).toBe(false);
    expect(isWinningAnswer(quiz, "paris", 1)).toBe(false);
    expect(isWinningAnswer({ ...quiz, winner: { userId: 5, username: "a" } }, "paris", 6)).toBe(false);
    expect(isWinningAnswer(null, "paris", 5)).toBe(false);
  });
  it("the banner shows a running quiz without its answer, and nothing once won", () => {
    const view = quizView(quiz, 3);
    expect(view).toEqual({ id: 3, isActive: true, question: "Capital of France?", item: quiz.item });
    expect(JSON.stringify(view)).not.toContain("Paris");
    expect(quizView({ ...quiz, winner: { userId: 5, username: "a" } }, 3)).toEqual({ id: 3, isActive: false, question: "", item: null });
    expect(quizView(null, 7)).toEqual({ id: 7, isActive: false, question: "", item: null });
  });
});

describe("messages", () => {
  it("system messages are user 0 'System' with a system.* key and params", () => {
    const m = stamp(systemDraft("system.quiz_won", { username: "Ann", item: "AK" }), 1, 5);
    expect(chatMessageJson.parse(m)).toMatchObject({
      user: { id: 0, username: "System" },
      message: "system.quiz_won",
      params: { username: "Ann", item: "AK" },
    });
  });
  it("keeps the last historySize messages, oldest first", () => {
    const msgs = Array.from({ length: CHAT.historySize + 3 }, (_, i) => stamp(systemDraft("system.x"), i + 1, i));
    const kept = keepLast(msgs);
    expect(kept).toHaveLength(CHAT.historySize);
    expect(kept[0]!.id).toBe(4);
    expect(kept.at(-1)!.id).toBe(CHAT.historySize + 3);
  });
  it("a long username is clipped so the frame stays valid", () => {
    const u = chatUser({ id: 1, username: "n".repeat(100), avatar: "a", isAdmin: false, isModerator: false, isYoutuber: true });
    expect(u.username).toHaveLength(64);
  });
  it("win rate is a percentage with two decimals", () => {
    expect(winRate(0, 0)).toBe(0);
    expect(winRate(1, 3)).toBe(33.33);
    expect(winRate(2, 3)).toBe(66.67);
  });
  it("the minimum deposit var falls back to the constant", () => {
    expect(chatMinDepositCents({ CHAT_MIN_DEPOSIT_CENTS: "250" })).toBe(250);
    expect(chatMinDepositCents({ CHAT_MIN_DEPOSIT_CENTS: "abc" })).toBe(CHAT.defaultMinDepositCents);
    expect(chatMinDepositCents({})).toBe(CHAT.defaultMinDepositCents);
  });
});

describe("the send path's order of checks (fakes for D1)", () => {
  const NOW = 10_000_000;
  const author = (over: Partial<ChatAuthor> = {}): ChatAuthor => ({
    id: 7,
    username: "ann",
    avatar: "default",
    isAdmin: false,
    isModerator: false,
    isYoutuber: false,
    banned: false,
    isStaff: false,
    mute: null,
    totalDepositCents: 500,
    excluded: false,
    ...over,
  });
  const lookups = { count: 0 };
  function ctx(a: ChatAuthor | null, posted: Draft[] = []): SendContext {
    return {
      minDepositCents: 100,
      limiter: new RateLimiter(2_000),
      attempts: new AttemptWindow(CHAT.maxAttemptsPerWindow, CHAT.attemptWindowMs),
      author: async () => {
        lookups.count += 1;
        return a;
      },
      command: async (c, who, text) =>
        c.kind === "unknown"
          ? { refused: { status: 400, body: { status: "error", message: "chat_api.command_not_found" } } }
          : { draft: { type: "stats", user: chatUser(who), message: text, stats: { total_games: 0, win_rate: 0, total_profit: 0 } } },
      post: async (d) => {
        posted.push(d);
        return stamp(d, posted.length, NOW) as ChatMessageJson;
      },
    };
  }

  it("visitor → 401 before anything else", async () => {
    expect(await sendChat(ctx(author()), null, "hi", NOW)).toMatchObject({ status: 401, body: { message: "chat_api.unauthorized" } });
  });
  it("a plain message is posted and answered message_sent", async () => {
    const posted: Draft[] = [];
    const out = await sendChat(ctx(author(), posted), 7, "  hello  ", NOW);
    expect(out).toMatchObject({ status: 200, body: { status: "success", message: "chat_api.message_sent" } });
    expect(posted).toEqual([{ type: "MESSAGE", user: expect.objectContaining({ id: 7, username: "ann" }), message: "hello" }]);
  });
  it("a muted author hears minutes left and the reason, even with a link or too fast", async () => {
    const c = ctx(author({ mute: { until: NOW + 4 * 60_000 + 30_000, reason: "Spam" } }));
    expect(await sendChat(c, 7, "site.com", NOW)).toMatchObject({ status: 403, body: { message: "chat_api.banned", duration: 5, reason: "Spam" } });
    const forever = ctx(author({ mute: { until: null, reason: "Spam" } }));
    expect(await sendChat(forever, 7, "hi", NOW)).toMatchObject({ status: 403, body: { message: "chat_api.banned_forever", duration: null, reason: "Spam" } });
  });
  it("below the minimum deposit → 403 with the sum; staff are exempt", async () => {
    // a player on a break (a time-out or self-exclusion) does not chat, even with deposits enough
    expect(await sendChat(ctx(author({ excluded: true })), 7, "hi", NOW)).toMatchObject({ status: 403, body: { message: "user_api.excluded" } });
    expect(await sendChat(ctx(author({ totalDepositCents: 99 })), 7, "hi", NOW)).toMatchObject({
      status: 403,
      body: { message: "chat_api.min_deposit", sum: 1 },
    });
    expect(await sendChat(ctx(author({ totalDepositCents: 0, isModerator: true, isStaff: true })), 7, "hi", NOW)).toMatchObject({ status: 200 });
  });
  it("links refused for players, allowed for staff", async () => {
    expect(await sendChat(ctx(author()), 7, "see site.com", NOW)).toMatchObject({ status: 400, body: { message: "chat_api.links" } });
    expect(await sendChat(ctx(author({ isAdmin: true, isStaff: true })), 7, "see site.com", NOW)).toMatchObject({ status: 200 });
  });
  it("too fast: the second message within the interval is refused and not posted", async () => {
    const posted: Draft[] = [];
    const c = ctx(author(), posted);
    expect((await sendChat(c, 7, "one", NOW)).status).toBe(200);
    expect(await sendChat(c, 7, "two", NOW + 1_999)).toMatchObject({ status: 429, body: { message: "chat_api.too_fast" } });
    expect((await sendChat(c, 7, "three", NOW + 2_000)).status).toBe(200);
    expect(posted.map((d) => d.message)).toEqual(["one", "three"]);
  });
  it("refused messages do not count towards the rate limit", async () => {
    const c = ctx(author());
    expect((await sendChat(c, 7, "site.com", NOW)).status).toBe(400);
    expect((await sendChat(c, 7, "!nope", NOW)).status).toBe(400);
    expect((await sendChat(c, 7, "fine", NOW + 1)).status).toBe(200);
  });
  it("a flood of attempts of any outcome is refused as too fast before the author is read", async () => {
    const c = ctx(author());
    for (let i = 0; i < CHAT.maxAttemptsPerWindow; i++) expect((await sendChat(c, 7, i % 2 ? "!nope" : "site.com", NOW + i)).status).toBe(400);
    const before = lookups.count;
    expect(await sendChat(c, 7, "!stats", NOW + 10)).toMatchObject({ status: 429, body: { message: "chat_api.too_fast" } });
    expect(await sendChat(c, 7, "hello", NOW + 20)).toMatchObject({ status: 429 });
    expect(lookups.count).toBe(before);
    // another user is not affected; the window slides
    expect((await sendChat(c, 8, "hello", NOW + 20)).status).toBe(200);
    expect((await sendChat(c, 7, "hello", NOW + CHAT.attemptWindowMs)).status).toBe(200);
  });
  it("commands answer command_sent; unknown ones command_not_found", async () => {
    expect(await sendChat(ctx(author()), 7, "!stats", NOW)).toMatchObject({
      status: 200,
      body: { message: "chat_api.command_sent" },
      posted: { type: "stats" },
    });
    expect(await sendChat(ctx(author()), 7, "!what", NOW)).toMatchObject({ status: 400, body: { message: "chat_api.command_not_found" } });
  });
  it("empty and too long are refused; a banned or unknown user is refused", async () => {
    expect((await sendChat(ctx(author()), 7, "   ", NOW)).body.message).toBe("chat_api.empty");
    expect((await sendChat(ctx(author()), 7, "x".repeat(256), NOW)).body.message).toBe("chat_api.too_long");
    expect((await sendChat(ctx(author({ banned: true })), 7, "hi", NOW)).body.message).toBe("user_api.banned");
    expect((await sendChat(ctx(null), 7, "hi", NOW)).status).toBe(401);
  });
});
