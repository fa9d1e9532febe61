// The chat's socket without React (/ws/chat, docs/api.md "Sockets"): the history, new messages and the
// quiz banner into the chat store. It only listens, so it never identifies: messages go out over
// HTTP (api.ts), and nothing on it belongs to a session (a logout or a ban has nothing to close
// here; the hub's socket carries the per-user frames). The app mounts it (app/liveHub.tsx).
import type { QueryClient } from "@tanstack/react-query";
import { chatProtocol } from "../../../../shared/rooms/chat";
import { createRoomSocket, roomUrl, type WebSocketFactory } from "../../lib/socket";
import { queryKeys } from "../../lib/queryKeys";
import { isSystemMessage } from "./state";
import { chatStore } from "./store";

export interface ChatSocketDeps {
  queryClient: QueryClient;
  url?: string;
  connect?: WebSocketFactory;
  random?: () => number;
}

export function startChatSocket(deps: ChatSocketDeps): { stop(): void } {
  const socket = createRoomSocket({
    url: deps.url ?? (() => roomUrl("chat")),
    protocol: chatProtocol,
    connect: deps.connect,
    random: deps.random,
  });
  socket.on("loadChat", ({ messages }) => chatStore.getState().socketLoaded(messages));
  socket.on("newMessage", (message) => {
    chatStore.getState().receive(message);
    // a system message (user id 0, e.g. a quiz won) means items moved: the inventory reloads (§3)
    if (isSystemMessage(message)) void deps.queryClient.invalidateQueries({ queryKey: queryKeys.inventory });
  });
  socket.on("quizInit", (quiz) => chatStore.getState().setQuiz(quiz));
  socket.on("error", ({ message }) => console.warn("chat:", message));
  return { stop: () => socket.close() };
}
