import { describe, expect, it } from "vitest";
import type { ChatMessageJson, QuizJson } from "../../shared/api/chat";
import { CHAT } from "../../shared/constants";
import { createChatStore } from "../../web/src/features/chat/store";
import { createI18n } from "../../web/src/lib/i18n";
import { allResources } from "./web-locales";
import { noticeText } from "../../web/src/features/chat/notice";
import { sendFailureNotice } from "../../web/src/features/chat/state";

const msg = (id: number): ChatMessageJson => ({
  id,
  user: { id: 1, username: "u", avatar: "default", is_admin: false, is_moderator: false, is_youtuber: false },
  message: `m${id}`,
  time: id,
  type: "MESSAGE",
});

/** A store with a hand-driven timer. */
function setup() {
  const timers: { fn: () => void; ms: number; cleared: boolean }[] = [];
  const store = createChatStore({
    setTimer: (fn, ms) => {
      const t = { fn, ms, cleared: false };
      timers.push(t);
      return t;
    },
    clearTimer: (h) => {
      (h as { cleared: boolean }).cleared = true;
    },
  });
  const fire = () => {
    for (const t of timers.splice(0)) if (!t.cleared) t.fn();
  };
  return { store, timers, fire };
}

describe("chat load status (§4): pending → inProgress → done → frozen", () => {
  it("walks the HTTP load through every status, frozen CHAT.frozenAfterMs after done", () => {
    const { store, timers, fire } = setup();
    expect(store.getState().status).toBe("pending");
    expect(store.getState().startLoad()).toBe(true);
    expect(store.getState().status).toBe("inProgress");
    // a second panel does not start another load
    expect(store.getState().startLoad()).toBe(false);
    store.getState().historyLoaded([msg(1), msg(2)]);
    expect(store.getState().status).toBe("done");
    expect(timers.map((t) => t.ms)).toEqual([CHAT.frozenAfterMs]);
    fire();
    expect(store.getState().status).toBe("frozen");
    expect(store.getState().messages.map((m) => m.id)).toEqual([1, 2]);
  });

  it("the chat socket's loadChat finishes a load too, and a later HTTP answer does not overwrite it", () => {
    const { store, fire } = setup();
    store.getState().startLoad();
    store.getState().socketLoaded([msg(5), msg(6)]);
    expect(store.getState().status).toBe("done");
    store.getState().historyLoaded([msg(1)]);
    expect(store.getState().messages.map((m) => m.id)).toEqual([5, 6]);
    fire();
    expect(store.getState().status).toBe("frozen");
    // after a moderator's delete the hub sends the whole history again: it replaces the list
    store.getState().socketLoaded([msg(6)]);
    expect(store.getState().messages.map((m) => m.id)).toEqual([6]);
    expect(store.getState().status).toBe("frozen");
  });

  it("live messages that came during the HTTP load are kept after it", () => {
    const { store } = setup();
    store.getState().startLoad();
    store.getState().receive(msg(9));
    store.getState().historyLoaded([msg(7), msg(8)]);
    expect(store.getState().messages.map((m) => m.id)).toEqual([7, 8, 9]);
  });

  it("a failed load goes back to pending with the failure flag; a retry can start", () => {
    const { store } = setup();
    store.getState().startLoad();
    store.getState().failLoad();
    expect(store.getState()).toMatchObject({ status: "pending", loadFailed: true });
    expect(store.getState().startLoad()).toBe(true);
    expect(store.getState().loadFailed).toBe(false);
    // a failure after the hub delivered changes nothing
    store.getState().socketLoaded([msg(1)]);
    store.getState().failLoad();
    expect(store.getState()).toMatchObject({ status: "done", loadFailed: false });
  });

  it("reset cancels the pending freeze", () => {
    const { store, fire } = setup();
    store.getState().socketLoaded([]);
    store.getState().reset();
    fire();
    expect(store.getState().status).toBe("pending");
  });
});

describe("scroll state and unseen messages", () => {
  it("counts messages that arrive while the reader is scrolled up, and clears at the bottom", () => {
    const { store } = setup();
    store.getState().socketLoaded([msg(1)]);
    store.getState().receive(msg(2));
    expect(store.getState().scroll).toEqual({ following: true, unseen: 0 });
    store.getState().setFollowing(false);
    store.getState().receive(msg(3));
    store.getState().receive(msg(3)); // a repeat is no news
    store.getState().receive(msg(4));
    expect(store.getState().scroll).toEqual({ following: false, unseen: 2 });
    store.getState().setFollowing(true);
    expect(store.getState().scroll).toEqual({ following: true, unseen: 0 });
  });
  it("jumpToLast follows again, forgets the unseen count and asks the list to scroll", () => {
    const { store } = setup();
    store.getState().setFollowing(false);
    store.getState().receive(msg(1));
    const before = store.getState().jumpRequest;
    store.getState().jumpToLast();
    expect(store.getState().scroll).toEqual({ following: true, unseen: 0 });
    expect(store.getState().jumpRequest).toBe(before + 1);
  });
});

describe("text, quote and quiz", () => {
  it("quotes into the field being typed", () => {
    const { store } = setup();
    store.getState().setSendingText("привет");
    store.getState().quote("Artem");
    expect(store.getState().sendingText).toBe("привет @Artem, ");
  });
  it("keeps the quiz banner state from quizInit", () => {
    const { store } = setup();
    const quiz: QuizJson = { id: 3, isActive: true, question: "2+2?", item: null };
    store.getState().setQuiz(quiz);
    expect(store.getState().quiz).toEqual(quiz);
    store.getState().setQuiz({ id: 3, isActive: false, question: "", item: null });
    expect(store.getState().quiz?.isActive).toBe(false);
  });
});

describe("notice texts in both languages", () => {
  it("interpolates the mute's minutes and reason, the forever mute's reason and the deposit sum", () => {
    const ru = createI18n("ru", allResources);
    const en = createI18n("en", allResources);
    const muted = sendFailureNotice(403, "chat_api.banned", { duration: 5, reason: "Спам" });
    expect(noticeText(muted, ru.t)).toBe("Вы заблокированы в чате на 5 мин. Причина: Спам");
    expect(noticeText(muted, en.t)).toBe("You are muted for 5 min. Reason: Спам");
    const forever = sendFailureNotice(403, "chat_api.banned_forever", { duration: null, reason: "Реклама" });
    expect(noticeText(forever, ru.t)).toBe("Вы заблокированы в чате навсегда. Причина: Реклама");
    expect(noticeText(sendFailureNotice(403, "chat_api.min_deposit", { sum: 1 }), en.t)).toBe("Chat is open to players with deposits of $1 or more");
    // a plain key goes to the popup as is (it translates from "errors")
    expect(noticeText({ key: "chat_api.links" }, ru.t)).toBe("chat_api.links");
  });

  it("uses Russian plurals for the counts the chat shows", () => {
    const ru = createI18n("ru", allResources);
    expect([1, 3, 5, 21].map((count) => ru.t("unseen", { ns: "chat", count }))).toEqual([
      "1 новое сообщение",
      "3 новых сообщения",
      "5 новых сообщений",
      "21 новое сообщение",
    ]);
    expect(CHAT.muteDurationsMinutes.map((count) => ru.t("moderation.minutes", { ns: "chat", count }))).toEqual([
      "5 минут",
      "20 минут",
      "60 минут",
      "120 минут",
      "800 минут",
    ]);
    expect(ru.t("cards.bets", { ns: "chat", count: 2 })).toBe("2 ставки");
    expect(createI18n("en", allResources).t("cards.items", { ns: "chat", count: 1 })).toBe("1 item");
  });

  it("translates the system messages the room sends with their params", () => {
    const ru = createI18n("ru", allResources);
    expect(ru.t("system.quiz_won", { ns: "chat", username: "Artem", item: "AK-47 | Redline" })).toBe("Artem — победитель викторины! Приз: AK-47 | Redline");
  });
});
