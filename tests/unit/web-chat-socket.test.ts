// The chat's own socket (web/src/features/chat/connection.ts, /ws/chat): it only listens (no
// identity frame: messages go out over HTTP, per-user frames come on the hub's socket) and lands
// the history, new messages and the quiz banner in the chat store.
import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ChatMessageJson } from "../../shared/api/chat";
import { startChatSocket } from "../../web/src/features/chat/connection";
import { chatStore } from "../../web/src/features/chat/store";
import { fakeFactory, settle } from "./socket-fake";

const msg = (id: number, userId = 1): ChatMessageJson => ({
  id,
  user: { id: userId, username: userId ? "u" : "system", avatar: "default", is_admin: false, is_moderator: false, is_youtuber: false },
  message: `m${id}`,
  time: id,
  type: "MESSAGE",
});

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  stop = undefined;
});

async function setup() {
  const f = fakeFactory();
  const queryClient = new QueryClient();
  const invalidate = vi.spyOn(queryClient, "invalidateQueries");
  stop = startChatSocket({ queryClient, url: "ws://x/ws/chat", connect: f.connect, random: () => 1 }).stop;
  await settle();
  f.last().serverOpen();
  return { server: f.last(), invalidate };
}

describe("chat socket", () => {
  it("opens /ws/chat and sends no identity", async () => {
    const { server } = await setup();
    expect(server.url).toBe("ws://x/ws/chat");
    expect(server.sentFrames()).toEqual([]);
  });

  it("lands loadChat, newMessage and quizInit in the chat store", async () => {
    const { server } = await setup();
    server.serverSend({ event: "loadChat", data: { messages: [msg(1), msg(2)] } });
    expect(chatStore.getState().messages.map((m) => m.id)).toEqual([1, 2]);
    server.serverSend({ event: "newMessage", data: msg(3) });
    expect(chatStore.getState().messages.map((m) => m.id)).toEqual([1, 2, 3]);
    const quiz = { id: 4, isActive: true, question: "q?", item: null };
    server.serverSend({ event: "quizInit", data: quiz });
    expect(chatStore.getState().quiz).toEqual(quiz);
  });

  it("reloads the inventory after a system message (items moved), not after a player's", async () => {
    const { server, invalidate } = await setup();
    server.serverSend({ event: "newMessage", data: msg(10) });
    expect(invalidate).not.toHaveBeenCalled();
    server.serverSend({ event: "newMessage", data: msg(11, 0) });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["inventory"] });
  });

  it("ignores hub frames (they are not in the chat's protocol)", async () => {
    const { server } = await setup();
    const before = chatStore.getState().messages;
    server.serverSend({ event: "updateBalance", data: { balance: 1 } });
    expect(chatStore.getState().messages).toBe(before);
  });
});
