import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ChatMessageJson } from "../../shared/api/chat";
import { useUiStore } from "../../web/src/lib/uiStore";
import { chatStore } from "../../web/src/features/chat/store";
import { loadChatHistory } from "../../web/src/features/chat/useChatLoad";

// The panel's HTTP history load (POST /api/chat/getMessages) through the real api client, with
// fetch stubbed: the status walk, the one failure notice, and the hub's history winning a race.

const msg = (id: number): ChatMessageJson => ({
  id,
  user: { id: 2, username: "Dasha", avatar: "default", is_admin: false, is_moderator: false, is_youtuber: false },
  message: `m${id}`,
  time: id,
  type: "MESSAGE",
});

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal("fetch", fetchMock);
  chatStore.getState().reset();
  useUiStore.setState({ notices: [] });
});
afterEach(() => {
  vi.unstubAllGlobals();
  chatStore.getState().reset();
});

describe("loadChatHistory", () => {
  it("posts to /api/chat/getMessages and lands the history (done)", async () => {
    fetchMock.mockResolvedValue(json(200, { messages: [msg(1), msg(2)] }));
    await loadChatHistory();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/chat/getMessages");
    expect((init as RequestInit).method).toBe("POST");
    expect(chatStore.getState()).toMatchObject({ status: "done", loadFailed: false });
    expect(chatStore.getState().messages.map((m) => m.id)).toEqual([1, 2]);
    // a second call (another mounted panel) fetches nothing
    await loadChatHistory();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("a network failure leaves a retry and shows chat_error.load once", async () => {
    fetchMock.mockRejectedValue(new TypeError("offline"));
    await loadChatHistory();
    expect(chatStore.getState()).toMatchObject({ status: "pending", loadFailed: true });
    expect(useUiStore.getState().notices.map((n) => [n.type, n.message])).toEqual([["error", "chat_error.load"]]);
    // the retry works
    fetchMock.mockResolvedValue(json(200, { messages: [msg(3)] }));
    await loadChatHistory();
    expect(chatStore.getState().status).toBe("done");
    expect(chatStore.getState().messages.map((m) => m.id)).toEqual([3]);
  });

  it("when the hub's history comes while the call fails, nothing failed for the reader", async () => {
    let reject!: (e: unknown) => void;
    fetchMock.mockReturnValue(new Promise((_, r) => (reject = r)));
    const running = loadChatHistory();
    chatStore.getState().socketLoaded([msg(7)]);
    reject(new TypeError("offline"));
    await running;
    expect(chatStore.getState()).toMatchObject({ status: "done", loadFailed: false });
    expect(chatStore.getState().messages.map((m) => m.id)).toEqual([7]);
    expect(useUiStore.getState().notices).toEqual([]);
  });
});
