import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SOCKET } from "../../shared/constants";
import { startHub, type Hub } from "../../web/src/features/hub/connection";
import { onHubEvent } from "../../web/src/features/hub/events";
import { useHubStore } from "../../web/src/features/hub/store";
import { fakeFactory, settle } from "./socket-fake";

let hub: Hub | undefined;
afterEach(() => {
  hub?.stop();
  hub = undefined;
  vi.useRealTimers();
});
beforeEach(() => {
  useHubStore.setState({ online: { users: 0, visitors: 0, total: 0 }, maintenance: false, connected: false });
});

async function setup(token: string | null = "t0ken") {
  const f = fakeFactory();
  const queryClient = new QueryClient();
  const deps = {
    queryClient,
    notify: vi.fn(),
    getToken: vi.fn(() => token),
    banned: vi.fn(() => {
      token = null;
    }),
    signedOut: vi.fn(() => {
      token = null;
    }),
    url: "ws://x/ws/hub",
    connect: f.connect,
    random: () => 1,
  };
  hub = startHub(deps);
  await settle();
  return { f, deps, queryClient, setToken: (t: string | null) => (token = t) };
}

describe("hub connection", () => {
  it("identifies with the stored token (empty for a visitor) and tracks connected", async () => {
    const { f } = await setup("abc");
    expect(useHubStore.getState().connected).toBe(false);
    f.last().serverOpen();
    expect(f.last().sentFrames()).toEqual([{ event: "identity", data: { apiToken: "abc" } }]);
    expect(useHubStore.getState().connected).toBe(true);
    f.last().serverClose();
    expect(useHubStore.getState().connected).toBe(false);
    hub!.stop();

    const visitor = await setup(null);
    visitor.f.last().serverOpen();
    expect(visitor.f.last().sentFrames()).toEqual([{ event: "identity", data: { apiToken: "" } }]);
  });

  it("keeps the online counts in the store", async () => {
    const { f } = await setup();
    f.last().serverOpen();
    f.last().serverSend({ event: "online", data: { users: 3, visitors: 4, total: 7 } });
    expect(useHubStore.getState().online).toEqual({ users: 3, visitors: 4, total: 7 });
  });

  it("writes updateBalance into the user cache, and not for a visitor", async () => {
    const { f, queryClient } = await setup();
    f.last().serverOpen();
    f.last().serverSend({ event: "updateBalance", data: { balance: 9.99 } });
    expect(queryClient.getQueryData(["user"])).toBeUndefined();
    queryClient.setQueryData(["user"], { id: 1, username: "a", balance: 1 });
    f.last().serverSend({ event: "updateBalance", data: { balance: 12.5 } });
    expect(queryClient.getQueryData(["user"])).toEqual({ id: 1, username: "a", balance: 12.5 });
    queryClient.setQueryData(["user"], null);
    f.last().serverSend({ event: "updateBalance", data: { balance: 3 } });
    expect(queryClient.getQueryData(["user"])).toBeNull();
  });

  it("enters maintenance on refreshPage with the notice, leaves it quietly", async () => {
    const { f, deps, queryClient } = await setup();
    queryClient.setQueryData(["config"], { maintenance: false, dev: true, chat_ban_reasons: [] });
    f.last().serverOpen();
    f.last().serverSend({ event: "refreshPage", data: { maintenance: true } });
    expect(useHubStore.getState().maintenance).toBe(true);
    expect(queryClient.getQueryData(["config"])).toMatchObject({ maintenance: true });
    expect(deps.notify).toHaveBeenCalledWith({ type: "error", message: "app_api.maintenance" });
    f.last().serverSend({ event: "refreshPage", data: { maintenance: false } });
    expect(useHubStore.getState().maintenance).toBe(false);
    expect(deps.notify).toHaveBeenCalledTimes(1);
  });

  it("carries the operator's maintenance message into the config entry, and drops it when maintenance ends", async () => {
    const { f, queryClient } = await setup();
    queryClient.setQueryData(["config"], { maintenance: false, maintenance_message: null });
    f.last().serverOpen();
    f.last().serverSend({ event: "refreshPage", data: { maintenance: true, message: "Back at 16:00 UTC" } });
    expect(queryClient.getQueryData(["config"])).toMatchObject({ maintenance: true, maintenance_message: "Back at 16:00 UTC" });
    f.last().serverSend({ event: "refreshPage", data: { maintenance: false, message: null } });
    expect(queryClient.getQueryData(["config"])).toMatchObject({ maintenance: false, maintenance_message: null });
  });

  it("seeds maintenance from the config answer whenever it arrives", async () => {
    const queryClient0 = new QueryClient();
    queryClient0.setQueryData(["config"], { maintenance: true });
    const f = fakeFactory();
    hub = startHub({
      queryClient: queryClient0,
      notify: vi.fn(),
      getToken: () => null,
      banned: vi.fn(),
      signedOut: vi.fn(),
      url: "ws://x",
      connect: f.connect,
    });
    expect(useHubStore.getState().maintenance).toBe(true);
    queryClient0.setQueryData(["config"], { maintenance: false });
    expect(useHubStore.getState().maintenance).toBe(false);
  });

  it("hands userBanned to the one banned path, with no notice or reload of its own", async () => {
    const { f, deps } = await setup();
    f.last().serverOpen();
    f.last().serverSend({ event: "userBanned", data: {} });
    expect(deps.banned).toHaveBeenCalledTimes(1);
    expect(deps.notify).not.toHaveBeenCalled();
  });

  it("treats an identity refused as banned like userBanned, other errors only logged", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { f, deps } = await setup("banned-token");
    f.last().serverOpen();
    f.last().serverSend({ event: "error", data: { message: "user_api.banned" } });
    expect(deps.banned).toHaveBeenCalledTimes(1);
    // Already a visitor (token gone): a late refusal does not log out again.
    f.last().serverSend({ event: "error", data: { message: "user_api.banned" } });
    f.last().serverSend({ event: "error", data: { message: "app_error.load" } });
    expect(deps.banned).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });

  it("forgets the session when the server closes the socket because it was signed out (4001), then reconnects as a visitor", async () => {
    vi.useFakeTimers();
    const { f, deps } = await setup("abc");
    f.last().serverOpen();
    f.last().serverClose(SOCKET.sessionEnded.signed_out);
    expect(deps.signedOut).toHaveBeenCalledTimes(1);
    expect(deps.banned).not.toHaveBeenCalled();
    await settle(1_000);
    f.last().serverOpen();
    expect(f.sockets).toHaveLength(2);
    expect(f.last().sentFrames()).toEqual([{ event: "identity", data: { apiToken: "" } }]);
  });

  it("takes the banned path when the server closes the socket for a site ban (4003)", async () => {
    const { f, deps } = await setup("abc");
    f.last().serverOpen();
    f.last().serverClose(SOCKET.sessionEnded.banned);
    expect(deps.banned).toHaveBeenCalledTimes(1);
    expect(deps.signedOut).not.toHaveBeenCalled();
  });

  it("leaves the session alone on other closes, for a visitor, and when the token changed since the identity", async () => {
    const { f, deps } = await setup("abc");
    f.last().serverOpen();
    f.last().serverClose(1006);
    hub!.stop();
    const visitor = await setup(null);
    visitor.f.last().serverOpen();
    visitor.f.last().serverClose(SOCKET.sessionEnded.signed_out);
    hub!.stop();
    // signed in again in another tab before the old session's close arrived
    const again = await setup("old");
    again.f.last().serverOpen();
    again.setToken("new");
    again.f.last().serverClose(SOCKET.sessionEnded.signed_out);
    again.f.last().serverClose(SOCKET.sessionEnded.banned);
    for (const d of [deps, visitor.deps, again.deps]) {
      expect(d.signedOut).not.toHaveBeenCalled();
      expect(d.banned).not.toHaveBeenCalled();
    }
  });

  it("resynchronises on every open (the first and after a reconnect): user, config, the giveaway and the tickets refetched, identity re-sent", async () => {
    vi.useFakeTimers();
    const { f, queryClient, setToken } = await setup("one");
    const spy = vi.spyOn(queryClient, "invalidateQueries");
    expect(spy).not.toHaveBeenCalled();
    f.last().serverOpen();
    // pushes sent before the socket was bound are not replayed: the first open resyncs too
    expect(spy.mock.calls.map((c) => c[0]?.queryKey)).toEqual([["user"], ["config"], ["giveaway"], ["tickets"], ["staffTickets"]]);
    spy.mockClear();
    setToken("two");
    f.last().serverClose();
    await settle(500);
    f.last().serverOpen();
    expect(f.last().sentFrames()[0]).toEqual({ event: "identity", data: { apiToken: "two" } });
    expect(spy.mock.calls.map((c) => c[0]?.queryKey)).toEqual([["user"], ["config"], ["giveaway"], ["tickets"], ["staffTickets"]]);
  });

  it("re-identifies on demand (sign-in/out elsewhere) and relays events to subscribers", async () => {
    const { f, setToken } = await setup("one");
    f.last().serverOpen();
    const seen = vi.fn();
    const off = onHubEvent("notification", seen);
    const n = { id: 5, name: "n", content: "c", is_read: false, created_at: 1 };
    f.last().serverSend({ event: "notification", data: n });
    expect(seen).toHaveBeenCalledWith(n);
    off();
    f.last().serverSend({ event: "notification", data: { ...n, id: 6 } });
    expect(seen).toHaveBeenCalledTimes(1);
    setToken(null);
    hub!.reidentify();
    expect(f.last().sentFrames().at(-1)).toEqual({ event: "identity", data: { apiToken: "" } });
  });

  it("stops for good", async () => {
    vi.useFakeTimers();
    const { f } = await setup();
    f.last().serverOpen();
    hub!.stop();
    hub = undefined;
    expect(f.last().closedWith?.code).toBe(1000);
    await settle(120_000);
    expect(f.sockets).toHaveLength(1);
    expect(useHubStore.getState().connected).toBe(false);
  });
});
