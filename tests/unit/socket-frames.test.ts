import { describe, expect, it, vi } from "vitest";
import { chatServerFrame } from "../../shared/rooms/chat";
import { hubClientFrame, hubProtocol, hubServerFrame } from "../../shared/rooms/hub";
import { encodeFrame, parseFrame } from "../../shared/rooms/frame";
import { createRoomSocket } from "../../web/src/lib/socket";
import { fakeFactory, settle } from "./socket-fake";

describe("parseFrame", () => {
  it("reads valid client frames from text and bytes", () => {
    expect(parseFrame(hubClientFrame, '{"event":"identity","data":{"apiToken":"abc"}}')).toEqual({
      ok: true,
      frame: { event: "identity", data: { apiToken: "abc" } },
    });
    const bytes = new TextEncoder().encode('{"event":"ping","data":{}}');
    expect(parseFrame(hubClientFrame, bytes)).toEqual({ ok: true, frame: { event: "ping", data: {} } });
  });

  it.each([
    ["{nope", "json"],
    ["", "json"],
    ["null", "shape"],
    ["[]", "shape"],
    ['{"event":"newBet","data":{}}', "shape"],
    ['{"event":"identity","data":{}}', "shape"],
    ['{"event":"identity","data":{"apiToken":1}}', "shape"],
    ['{"event":"ping"}', "shape"],
    ['{"event":"ping","data":{},"x":1}', "shape"],
    [`{"event":"identity","data":{"apiToken":"${"a".repeat(257)}"}}`, "shape"],
  ])("rejects %s (%s)", (raw, reason) => {
    expect(parseFrame(hubClientFrame, raw)).toEqual({ ok: false, reason });
  });

  it("checks server frames: cent-exact balances, consistent online totals", () => {
    const ok = (f: unknown) => hubServerFrame.safeParse(f).success;
    expect(ok({ event: "updateBalance", data: { balance: 12.34 } })).toBe(true);
    expect(ok({ event: "updateBalance", data: { balance: 0 } })).toBe(true);
    expect(ok({ event: "updateBalance", data: { balance: 1.005 } })).toBe(false);
    expect(ok({ event: "updateBalance", data: { balance: -0.01 } })).toBe(false);
    expect(ok({ event: "updateBalance", data: { balance: "1.00" } })).toBe(false);
    expect(ok({ event: "online", data: { users: 1, visitors: 2, total: 3 } })).toBe(true);
    expect(ok({ event: "online", data: { users: 1, visitors: 2, total: 4 } })).toBe(false);
    expect(ok({ event: "online", data: { users: -1, visitors: 2, total: 1 } })).toBe(false);
    expect(ok({ event: "refreshPage", data: { maintenance: true } })).toBe(true);
    expect(ok({ event: "refreshPage", data: {} })).toBe(false);
    expect(ok({ event: "userBanned", data: {} })).toBe(true);
    expect(ok({ event: "error", data: { message: "app_api.invalid_request" } })).toBe(true);
    expect(ok({ event: "error", data: { message: "" } })).toBe(false);
    expect(ok({ event: "notification", data: { id: 1, name: "n", content: "c", is_read: false, created_at: 1 } })).toBe(true);
    expect(ok({ event: "notification", data: { id: 1, name: "n" } })).toBe(false);
    // the chat's socket carries the chat only; per-user and site-wide frames are the hub's
    expect(ok({ event: "loadChat", data: { messages: [] } })).toBe(false);
    expect(chatServerFrame.safeParse({ event: "loadChat", data: { messages: [] } }).success).toBe(true);
    expect(chatServerFrame.safeParse({ event: "updateBalance", data: { balance: 1 } }).success).toBe(false);
  });

  it("encodes exactly {event, data} and the keepalive ping text the server answers", () => {
    expect(encodeFrame({ event: "ping", data: {}, extra: 1 } as never)).toBe('{"event":"ping","data":{}}');
    expect(encodeFrame(hubProtocol.keepalive!.ping)).toBe('{"event":"ping","data":{}}');
  });
});

describe("typed events on the client", () => {
  async function connected() {
    const f = fakeFactory();
    const onInvalid = vi.fn();
    const socket = createRoomSocket({ url: "ws://x", protocol: hubProtocol, connect: f.connect, onInvalid });
    await settle();
    f.last().serverOpen();
    return { socket, server: f.last(), onInvalid };
  }

  it("hands each subscriber its event's data until unsubscribed", async () => {
    const { socket, server } = await connected();
    const online = vi.fn();
    const balance = vi.fn();
    const stop = socket.on("online", online);
    socket.on("updateBalance", balance);
    server.serverSend({ event: "online", data: { users: 1, visitors: 2, total: 3 } });
    server.serverSend({ event: "updateBalance", data: { balance: 5.5 } });
    expect(online).toHaveBeenCalledWith({ users: 1, visitors: 2, total: 3 });
    expect(balance).toHaveBeenCalledWith({ balance: 5.5 });
    stop();
    server.serverSend({ event: "online", data: { users: 0, visitors: 1, total: 1 } });
    expect(online).toHaveBeenCalledTimes(1);
    socket.close();
  });

  it("a subscriber that throws stops no other", async () => {
    const { socket, server } = await connected();
    const later = vi.fn();
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    socket.on("online", () => {
      throw new Error("a broken screen");
    });
    socket.on("online", later);
    server.serverSend({ event: "online", data: { users: 1, visitors: 2, total: 3 } });
    expect(later).toHaveBeenCalledWith({ users: 1, visitors: 2, total: 3 });
    expect(error).toHaveBeenCalledTimes(1);
    error.mockRestore();
    socket.close();
  });

  it("drops frames the schema rejects without calling handlers", async () => {
    const { socket, server, onInvalid } = await connected();
    const online = vi.fn();
    socket.on("online", online);
    server.serverSend("{nope");
    server.serverSend({ event: "online", data: { users: 1, visitors: 1, total: 5 } });
    server.serverSend({ event: "mystery", data: {} });
    expect(online).not.toHaveBeenCalled();
    expect(onInvalid).toHaveBeenCalledTimes(3);
    socket.close();
  });

  it("sends at once while open, keeps what is sent while closed for the next open (after hello), nothing after close()", async () => {
    const f = fakeFactory();
    const identity = { event: "identity" as const, data: { apiToken: "t" } };
    const socket = createRoomSocket({ url: "ws://x", protocol: hubProtocol, connect: f.connect, hello: () => [identity] });
    expect(socket.send({ event: "ping", data: {} })).toBe(true); // kept
    await settle();
    f.last().serverOpen();
    expect(f.last().sentFrames()).toEqual([identity, { event: "ping", data: {} }]);
    expect(socket.send({ event: "ping", data: {} })).toBe(true);
    expect(f.last().sent).toHaveLength(3);
    socket.close();
    expect(f.last().closedWith).toEqual({ code: 1000, reason: "bye" });
    expect(socket.send({ event: "ping", data: {} })).toBe(false);
    await settle(10);
    expect(f.sockets).toHaveLength(1); // no reconnect after close()
  });
});
