// Loads the history over HTTP when the panel shows before the chat socket's loadChat came (the
// socket starts lazily after the first paint). One load at a time for every mounted panel; a failure
// shows chat_error.load once and leaves a retry.
import { useCallback, useEffect } from "react";
import { notify } from "../../lib/uiStore";
import { fetchMessages } from "./api";
import { chatStore } from "./store";

export async function loadChatHistory(): Promise<void> {
  const store = chatStore.getState();
  if (!store.startLoad()) return;
  try {
    const { messages } = await fetchMessages();
    chatStore.getState().historyLoaded(messages);
  } catch {
    const before = chatStore.getState();
    before.failLoad();
    // the socket's history may have come meanwhile: then nothing failed for the reader
    if (chatStore.getState().loadFailed) notify({ type: "error", message: "chat_error.load" });
  }
}

export function useChatLoad(): () => void {
  useEffect(() => {
    const { status, loadFailed } = chatStore.getState();
    if (status === "pending" && !loadFailed) void loadChatHistory();
  }, []);
  return useCallback(() => void loadChatHistory(), []);
}
