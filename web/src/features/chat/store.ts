// The chat's live state (spec §3 Chat state): load status, messages, quiz, the text being typed,
// the scroll state and the message a moderator is acting on. The chat socket's loadChat / newMessage /
// quizInit frames land here (connection.ts); the panel reads slices.
//
// Load status (§4): pending → inProgress (the HTTP history is on its way) → done → frozen
// CHAT.frozenAfterMs later. Until frozen the list jumps to the bottom without animation; after,
// new messages slide in and the view scrolls smoothly.
import { createStore, useStore, type StoreApi } from "zustand";
import type { ChatMessageJson, ChatUserJson, QuizJson } from "../../../../shared/api/chat";
import { CHAT } from "../../../../shared/constants";
import { mergeHistory, quoteInto, withMessage, keepNewest } from "./state";

type ChatLoadStatus = "pending" | "inProgress" | "done" | "frozen";

interface ModerationTarget {
  messageId: number;
  user: ChatUserJson;
  text: string;
}

interface ChatScroll {
  /** The view follows new messages (the reader is within the threshold of the bottom). */
  following: boolean;
  /** Messages that arrived while the reader was scrolled up. */
  unseen: number;
}

interface ChatData {
  status: ChatLoadStatus;
  /** The last HTTP load failed and no socket history came either (the panel offers a retry). */
  loadFailed: boolean;
  messages: ChatMessageJson[];
  quiz: QuizJson | null;
  sendingText: string;
  sending: boolean;
  scroll: ChatScroll;
  /** Bumped to ask the list to scroll to the newest message (the button, an own message sent). */
  jumpRequest: number;
  moderationTarget: ModerationTarget | null;
}

export interface ChatStore extends ChatData {
  /** pending → inProgress; false when a load is running or done already. */
  startLoad(): boolean;
  /** The HTTP load failed: back to pending, unless the socket's history came meanwhile. */
  failLoad(): void;
  /** The HTTP history: ignored when the socket's (fresher) history already came. */
  historyLoaded(messages: ChatMessageJson[]): void;
  /** The chat socket's loadChat: always the whole truth (it follows deletes and clears). */
  socketLoaded(messages: ChatMessageJson[]): void;
  receive(message: ChatMessageJson): void;
  setQuiz(quiz: QuizJson): void;
  setSendingText(text: string): void;
  quote(username: string): void;
  setSending(sending: boolean): void;
  setFollowing(following: boolean): void;
  /** Follow again and scroll to the newest message. */
  jumpToLast(): void;
  setModerationTarget(target: ModerationTarget | null): void;
  reset(): void;
}

const initialChatData: ChatData = {
  status: "pending",
  loadFailed: false,
  messages: [],
  quiz: null,
  sendingText: "",
  sending: false,
  scroll: { following: true, unseen: 0 },
  jumpRequest: 0,
  moderationTarget: null,
};

export interface ChatStoreDeps {
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export function createChatStore(deps: ChatStoreDeps = {}): StoreApi<ChatStore> {
  const setTimer = deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = deps.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  let frozenTimer: unknown = null;

  return createStore<ChatStore>()((set, get) => {
    /** done now, frozen a moment later (once; a reload of a frozen chat stays frozen). */
    const markLoaded = () => {
      const { status } = get();
      if (status === "done" || status === "frozen") return;
      set({ status: "done", loadFailed: false });
      if (frozenTimer !== null) clearTimer(frozenTimer);
      frozenTimer = setTimer(() => {
        frozenTimer = null;
        if (get().status === "done") set({ status: "frozen" });
      }, CHAT.frozenAfterMs);
    };

    return {
      ...initialChatData,
      startLoad: () => {
        if (get().status !== "pending") return false;
        set({ status: "inProgress", loadFailed: false });
        return true;
      },
      failLoad: () => {
        if (get().status === "inProgress") set({ status: "pending", loadFailed: true });
      },
      historyLoaded: (messages) => {
        const { status } = get();
        if (status === "done" || status === "frozen") return;
        set({ messages: mergeHistory(messages, get().messages) });
        markLoaded();
      },
      socketLoaded: (messages) => {
        set({ messages: keepNewest(messages) });
        markLoaded();
      },
      receive: (message) => {
        const { messages, scroll } = get();
        const next = withMessage(messages, message);
        if (next === messages) return;
        set({ messages: next, scroll: scroll.following ? scroll : { ...scroll, unseen: scroll.unseen + 1 } });
      },
      setQuiz: (quiz) => set({ quiz }),
      setSendingText: (sendingText) => set({ sendingText }),
      quote: (username) => set({ sendingText: quoteInto(get().sendingText, username) }),
      setSending: (sending) => set({ sending }),
      setFollowing: (following) => {
        const { scroll } = get();
        if (scroll.following === following && (!following || scroll.unseen === 0)) return;
        set({ scroll: { following, unseen: following ? 0 : scroll.unseen } });
      },
      jumpToLast: () => set({ scroll: { following: true, unseen: 0 }, jumpRequest: get().jumpRequest + 1 }),
      setModerationTarget: (moderationTarget) => set({ moderationTarget }),
      reset: () => {
        if (frozenTimer !== null) clearTimer(frozenTimer);
        frozenTimer = null;
        set({ ...initialChatData });
      },
    };
  });
}

export const chatStore = createChatStore();

export function useChat<T>(selector: (s: ChatStore) => T): T {
  return useStore(chatStore, selector);
}
