import { describe, expect, it } from "vitest";
import type { ChatMessageJson } from "../../shared/api/chat";
import { CHAT } from "../../shared/constants";
import {
  activeReasons,
  banDuration,
  canApplyModeration,
  COMMANDS,
  distanceFromBottom,
  dollarsText,
  isFollowing,
  isSystemMessage,
  keepNewest,
  mergeHistory,
  moderationFailureNotice,
  NAME_MARK,
  parseDuration,
  quoteInto,
  splitQuotes,
  roleBadges,
  sendFailureNotice,
  splitOnName,
  systemKey,
  withMessage,
  type BanReason,
} from "../../web/src/features/chat/state";

const user = (id: number, extra: Partial<ChatMessageJson["user"]> = {}) => ({
  id,
  username: id === 0 ? "System" : `u${id}`,
  avatar: "default",
  is_admin: false,
  is_moderator: false,
  is_youtuber: false,
  ...extra,
});
const msg = (id: number, userId = 1, message = `m${id}`): ChatMessageJson => ({
  id,
  user: user(userId),
  message,
  time: 1_700_000_000_000 + id,
  type: "MESSAGE",
});

describe("message window", () => {
  it("appends a live message once and keeps the newest historySize", () => {
    const list = [msg(1), msg(2)];
    const next = withMessage(list, msg(3));
    expect(next.map((m) => m.id)).toEqual([1, 2, 3]);
    expect(withMessage(next, msg(3))).toBe(next);
    const full = Array.from({ length: CHAT.historySize }, (_, i) => msg(i + 1));
    const more = withMessage(full, msg(CHAT.historySize + 1));
    expect(more).toHaveLength(CHAT.historySize);
    expect(more[0]?.id).toBe(2);
    expect(more.at(-1)?.id).toBe(CHAT.historySize + 1);
  });

  it("keepNewest leaves a short list alone and cuts a long one from the front", () => {
    expect(keepNewest([msg(1)], 3).map((m) => m.id)).toEqual([1]);
    expect(keepNewest([msg(1), msg(2), msg(3), msg(4)], 3).map((m) => m.id)).toEqual([2, 3, 4]);
  });

  it("merges the HTTP history with live messages that came after it, without repeats", () => {
    const history = [msg(4), msg(5), msg(6)];
    const live = [msg(6), msg(8), msg(7), msg(3)];
    expect(mergeHistory(history, live).map((m) => m.id)).toEqual([4, 5, 6, 7, 8]);
    expect(mergeHistory([], [msg(2), msg(1)]).map((m) => m.id)).toEqual([1, 2]);
  });
});

describe("quote (§6)", () => {
  it("puts @username, into an empty field", () => {
    expect(quoteInto("", "Dasha")).toBe("@Dasha, ");
    expect(quoteInto("   ", "Dasha")).toBe("@Dasha, ");
  });
  it("appends after typed text with one space, and only once", () => {
    expect(quoteInto("hi", "Dasha")).toBe("hi @Dasha, ");
    expect(quoteInto("hi ", "Dasha")).toBe("hi @Dasha, ");
    expect(quoteInto("@Dasha, hi", "Dasha")).toBe("@Dasha, hi");
  });
  it("splitQuotes flags the quoted names so streamer mode can blur them", () => {
    expect(splitQuotes(`${quoteInto("", "Max TV")}hi`)).toEqual([
      { text: "@", name: false },
      { text: "Max TV", name: true },
      { text: ", hi", name: false },
    ]);
    expect(splitQuotes("gg @Dasha, @Artem, wp")).toEqual([
      { text: "gg @", name: false },
      { text: "Dasha", name: true },
      { text: ", @", name: false },
      { text: "Artem", name: true },
      { text: ", wp", name: false },
    ]);
    // not a quote: no comma, an e-mail-like text, a bare @
    for (const text of ["hi @Dasha", "me@mail, ok", "@ , x", "plain"]) expect(splitQuotes(text), text).toEqual([{ text, name: false }]);
    expect(splitQuotes("")).toEqual([]);
    // the pieces always join back to the text
    const text = "@A, b @C, d";
    expect(
      splitQuotes(text)
        .map((p) => p.text)
        .join(""),
    ).toBe(text);
  });
});

describe("scroll rule (§4: follow unless more than 300 px above the bottom)", () => {
  it("measures the distance from the bottom", () => {
    expect(distanceFromBottom({ scrollHeight: 1000, scrollTop: 600, clientHeight: 400 })).toBe(0);
    expect(distanceFromBottom({ scrollHeight: 1000, scrollTop: 100, clientHeight: 400 })).toBe(500);
    // overscroll bounce never goes negative
    expect(distanceFromBottom({ scrollHeight: 1000, scrollTop: 620, clientHeight: 400 })).toBe(0);
  });
  it("follows at exactly the threshold and stops just past it", () => {
    expect(CHAT.scrollThresholdPx).toBe(300);
    expect(isFollowing({ scrollHeight: 1000, scrollTop: 300, clientHeight: 400 })).toBe(true);
    expect(isFollowing({ scrollHeight: 1000, scrollTop: 299, clientHeight: 400 })).toBe(false);
  });
});

describe("send failure notices (§5)", () => {
  it("a mute names the minutes left and the reason", () => {
    expect(sendFailureNotice(403, "chat_api.banned", { status: "error", message: "chat_api.banned", duration: 5, reason: "Спам" })).toEqual({
      key: "chat_api.banned",
      params: { duration: 5, reason: "Спам" },
    });
  });
  it("a null duration is banned forever, with the reason when there is one", () => {
    expect(sendFailureNotice(403, "chat_api.banned_forever", { duration: null, reason: "Реклама" })).toEqual({
      key: "send.banned_forever",
      ns: "chat",
      params: { reason: "Реклама" },
    });
    expect(sendFailureNotice(403, "chat_api.banned", { duration: null })).toEqual({ key: "chat_api.banned_forever" });
    expect(sendFailureNotice(403, "chat_api.banned_forever", {})).toEqual({ key: "chat_api.banned_forever" });
  });
  it("the minimum deposit names the sum in dollars", () => {
    expect(sendFailureNotice(403, "chat_api.min_deposit", { sum: 1 })).toEqual({ key: "chat_api.min_deposit", params: { sum: "1" } });
    expect(sendFailureNotice(403, "chat_api.min_deposit", { sum: 12.5 })).toEqual({ key: "chat_api.min_deposit", params: { sum: "12.50" } });
    expect(dollarsText(0.1)).toBe("0.10");
  });
  it("other refusals are the server's key; a network failure is chat_error.send_message", () => {
    expect(sendFailureNotice(400, "chat_api.links", { message: "chat_api.links" })).toEqual({ key: "chat_api.links" });
    expect(sendFailureNotice(429, "chat_api.too_fast", null)).toEqual({ key: "chat_api.too_fast" });
    expect(sendFailureNotice(0, "app_error.load", null)).toEqual({ key: "chat_error.send_message" });
  });
  it("moderation failures fall back to the action's chat_error key only on a network failure", () => {
    expect(moderationFailureNotice(0, "app_error.load", "chat_error.mute_user")).toEqual({ key: "chat_error.mute_user" });
    expect(moderationFailureNotice(409, "chat_api.already_blocked", "chat_error.mute_user")).toEqual({ key: "chat_api.already_blocked" });
  });
});

describe("moderation form (§5 apply rule, active reasons only)", () => {
  const reasons: BanReason[] = [
    { id: 1, name: "Спам", is_active: true },
    { id: 2, name: "Старое", is_active: false },
  ];
  it("offers only active reasons", () => {
    expect(activeReasons(reasons).map((r) => r.id)).toEqual([1]);
    expect(activeReasons(undefined)).toEqual([]);
  });
  it("delete and unmute apply as they are", () => {
    expect(canApplyModeration({ operation: "delete", duration: null, reasonId: null }, reasons)).toBe(true);
    expect(canApplyModeration({ operation: "unmute", duration: null, reasonId: null }, reasons)).toBe(true);
    expect(canApplyModeration({ operation: null, duration: 5, reasonId: 1 }, reasons)).toBe(false);
  });
  it("mute needs a duration and an active reason", () => {
    expect(canApplyModeration({ operation: "mute", duration: null, reasonId: 1 }, reasons)).toBe(false);
    expect(canApplyModeration({ operation: "mute", duration: 5, reasonId: null }, reasons)).toBe(false);
    expect(canApplyModeration({ operation: "mute", duration: 5, reasonId: 2 }, reasons)).toBe(false);
    expect(canApplyModeration({ operation: "mute", duration: 5, reasonId: 99 }, reasons)).toBe(false);
    expect(canApplyModeration({ operation: "mute", duration: 5, reasonId: 1 }, reasons)).toBe(true);
    expect(canApplyModeration({ operation: "mute", duration: "forever", reasonId: 1 }, reasons)).toBe(true);
  });
  it("parses the offered durations (and nothing else) and sends forever as null", () => {
    expect(CHAT.muteDurationsMinutes.map((m) => parseDuration(String(m)))).toEqual([5, 20, 60, 120, 800]);
    expect(parseDuration("forever")).toBe("forever");
    expect(parseDuration("")).toBeNull();
    expect(parseDuration("0")).toBeNull();
    expect(parseDuration("7")).toBeNull();
    expect(banDuration("forever")).toBeNull();
    expect(banDuration(120)).toBe(120);
  });
});

describe("message view", () => {
  it("tells system messages (user id 0) and reads their chat key", () => {
    const sys = { ...msg(1, 0, "system.quiz_won"), params: { username: "Artem", item: "AK-47" } };
    expect(isSystemMessage(sys)).toBe(true);
    expect(systemKey(sys)).toBe("system.quiz_won");
    expect(isSystemMessage(msg(2))).toBe(false);
    // a player typing a key is just text
    expect(systemKey(msg(3, 5, "system.quiz_won"))).toBeNull();
    expect(systemKey(msg(4, 0, "system.<b>"))).toBeNull();
  });
  it("splits a system text around the player's name (so streamer mode can blur just the name)", () => {
    expect(splitOnName(`${NAME_MARK} — победитель викторины!`)).toEqual([
      { text: "", name: true },
      { text: " — победитель викторины!", name: false },
    ]);
    expect(splitOnName(`Prize for ${NAME_MARK}.`)).toEqual([
      { text: "Prize for ", name: false },
      { text: "", name: true },
      { text: ".", name: false },
    ]);
    expect(splitOnName("Чат очищен модератором")).toEqual([{ text: "Чат очищен модератором", name: false }]);
  });
  it("badges the roles, most senior first", () => {
    expect(roleBadges(user(1))).toEqual([]);
    expect(roleBadges(user(1, { is_youtuber: true, is_admin: true }))).toEqual(["admin", "youtuber"]);
    expect(roleBadges(user(1, { is_moderator: true }))).toEqual(["moderator"]);
  });
  it("lists !stats, !balance and the bet command", () => {
    expect(COMMANDS.map((c) => c.text.trim())).toEqual(["!stats", "!balance", CHAT.betCommand]);
  });
});
