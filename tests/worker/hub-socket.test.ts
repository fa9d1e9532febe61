import { env, exports } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { hub } from "../../worker/rooms/hub";
import { SOCKET } from "../../shared/constants";
import { closeAll, connectChatSocket, connectHub, makeUser } from "./hub-client";

let open: { close(): void }[] = [];
async function connect() {
  const c = await connectHub();
  open.push(c);
  return c;
}
afterEach(async () => {
  closeAll(open);
  open = [];
  // let the hub see the closes before the next test counts sockets
  for (let i = 0; i < 40 && (await hub(env).online()).total > 0; i++) await new Promise((r) => setTimeout(r, 25));
});

describe("GET /ws/hub", () => {
  it.each(["hub", "chat"])("answers 426 without an Upgrade header (/ws/%s)", async (room) => {
    const res = await exports.default.fetch(`http://x/ws/${room}`);
    expect(res.status).toBe(426);
    expect(await res.json()).toMatchObject({ status: "error", message: "app_api.invalid_request" });
  });

  it("upgrades and sends the online counts at once", async () => {
    const c = await connect();
    await c.waitOnline(0, 1);
  });

  it("carries no chat: the history and the quiz come on /ws/chat, which sends no presence", async () => {
    const c = await connect();
    const chat = await connectChatSocket();
    open.push(chat);
    await chat.waitFor((f) => f.event === "quizInit", "quizInit");
    expect(chat.frames.map((f) => f.event)).toEqual(["loadChat", "quizInit"]);
    await c.waitOnline(0, 1); // the chat socket is not counted online
    expect(c.frames.every((f) => f.event === "online" || f.event === "banks")).toBe(true);
  });

  it("tells a newcomer the last bank of every game (the rooms push a bank only when it changes)", async () => {
    await hub(env).broadcast({ event: "banks", data: { crash: 12.5, jackpot: 3, jackpotLevels: { low: 1, medium: 2 } } });
    await hub(env).broadcast({ event: "banks", data: { wheel: 7.25, jackpot: 4, jackpotLevels: { medium: 3 } } });
    const c = await connect();
    const banks = await c.waitFor((f) => f.event === "banks", "banks");
    expect(banks.data).toEqual({ crash: 12.5, jackpot: 4, jackpotLevels: { low: 1, medium: 3 }, wheel: 7.25 });
    // a frame the schema refuses is neither delivered nor remembered
    expect((await hub(env).broadcast({ event: "banks", data: { crash: -1 } } as never)).refused).toBeTruthy();
    const d = await connect();
    const again = await d.waitFor((f) => f.event === "banks", "banks");
    expect(again.data).toEqual(banks.data);
  });
});

describe("identity and online", () => {
  it("counts distinct users and visitors: 2 visitors + one user on two sockets", async () => {
    const { token } = await makeUser();
    const v1 = await connect();
    const v2 = await connect();
    const u1 = await connect();
    const u2 = await connect();
    await v1.waitOnline(0, 4);
    u1.identify(token);
    u2.identify(token);
    // visitors that only watch may also send an empty token
    v2.identify("");
    for (const c of [v1, v2, u1, u2]) await c.waitOnline(1, 2);
    expect(await hub(env).online()).toEqual({ users: 1, visitors: 2, total: 3 });

    u1.close();
    await v1.waitOnline(1, 2); // the user still has a tab open
    expect(await hub(env).online()).toEqual({ users: 1, visitors: 2, total: 3 });
    u2.close();
    await v1.waitOnline(0, 2);
    v2.close();
    await v1.waitOnline(0, 1);
  });

  it("keeps an invalid, revoked-looking or malformed token a visitor", async () => {
    const c = await connect();
    c.identify("f".repeat(64)); // well-formed, no session
    c.identify("not-a-token");
    c.send({ event: "ping", data: {} });
    await c.waitFor((f) => f.event === "pong", "pong");
    expect(await hub(env).online()).toEqual({ users: 0, visitors: 1, total: 1 });
    expect(c.frames.some((f) => f.event === "error")).toBe(false);
  });

  it("tells a banned user's socket user_api.banned and keeps it a visitor", async () => {
    const { token } = await makeUser({ banned: true });
    const c = await connect();
    c.identify(token);
    const err = await c.waitFor((f) => f.event === "error", "error");
    expect(err).toEqual({ event: "error", data: { message: "user_api.banned" } });
    expect(await hub(env).online()).toEqual({ users: 0, visitors: 1, total: 1 });
  });

  it("accepts the token with a Bearer prefix and re-binds on a second identity", async () => {
    const a = await makeUser();
    const b = await makeUser();
    const c = await connect();
    c.identify(`Bearer ${a.token}`);
    await c.waitOnline(1, 0);
    expect(await hub(env).notifyUser(a.user.id, { event: "pong", data: {} })).toEqual({ sent: 1 });
    c.identify(b.token);
    await c.waitFor((f) => f.event === "pong", "pong");
    for (let i = 0; i < 40 && (await hub(env).notifyUser(b.user.id, { event: "pong", data: {} })).sent === 0; i++) {
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(await hub(env).notifyUser(a.user.id, { event: "pong", data: {} })).toEqual({ sent: 0 });
  });
});

describe("keepalive", () => {
  it("answers the exact ping text and any other valid ping with pong", async () => {
    const c = await connect();
    c.send('{"event":"ping","data":{}}');
    c.send('{ "event": "ping", "data": {} }');
    await c.waitFor((f) => f.event === "pong" && c.frames.filter((g) => g.event === "pong").length === 2, "two pongs");
  });
});

describe("bad frames and floods", () => {
  it.each([
    ["not JSON", "{nope"],
    ["an unknown event", JSON.stringify({ event: "newBet", data: {} })],
    ["a wrong shape", JSON.stringify({ event: "identity", data: { apiToken: 42 } })],
    ["extra keys", JSON.stringify({ event: "ping", data: {}, extra: 1 })],
    ["no data", JSON.stringify({ event: "ping" })],
    ["a JSON array", "[1,2]"],
  ])("answers %s with app_api.invalid_request and stays open", async (_what, raw) => {
    const c = await connect();
    c.send(raw);
    const err = await c.waitFor((f) => f.event === "error", "error");
    expect(err).toEqual({ event: "error", data: { message: "app_api.invalid_request" } });
    c.send({ event: "ping", data: {} });
    await c.waitFor((f) => f.event === "pong", "pong");
    expect(c.closed).toBeUndefined();
  });

  it("closes a flooding socket with a policy violation, others unaffected", async () => {
    const calm = await connect();
    const flooder = await connect();
    // (the exact keepalive ping is answered by the runtime; any other frame counts)
    for (let i = 0; i <= SOCKET.flood.maxFrames + 5; i++) flooder.send('{"event":"ping","data":{ }}');
    const closed = await flooder.waitClosed();
    expect(closed.code).toBe(SOCKET.policyViolationCode);
    const pongs = flooder.frames.filter((f) => f.event === "pong").length;
    expect(pongs).toBe(SOCKET.flood.maxFrames);
    await calm.waitOnline(0, 1);
    calm.send({ event: "ping", data: {} });
    await calm.waitFor((f) => f.event === "pong", "pong");
  });
});
