import { evictDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { hub } from "../../worker/rooms/hub";
import { closeAll, connectHub, hubBarrier, makeUser, type HubClient } from "./hub-client";

let open: HubClient[] = [];
async function connect() {
  const c = await connectHub();
  open.push(c);
  return c;
}
afterEach(async () => {
  closeAll(open);
  open = [];
  for (let i = 0; i < 40 && (await hub(env).online()).total > 0; i++) await new Promise((r) => setTimeout(r, 25));
});

describe("hub RPC", () => {
  it("delivers updateBalance to every socket of that user and nobody else", async () => {
    const alice = await makeUser();
    const bob = await makeUser();
    const [a1, a2, b1, v] = [await connect(), await connect(), await connect(), await connect()];
    a1.identify(alice.token);
    a2.identify(alice.token);
    b1.identify(bob.token);
    await v.waitOnline(2, 1);

    expect(await hub(env).notifyUser(alice.user.id, { event: "updateBalance", data: { balance: 12.34 } })).toEqual({ sent: 2 });
    for (const c of [a1, a2]) {
      expect(await c.waitFor((f) => f.event === "updateBalance", "updateBalance")).toEqual({ event: "updateBalance", data: { balance: 12.34 } });
    }
    await hubBarrier([b1, v]);
    expect(b1.frames.some((f) => f.event === "updateBalance")).toBe(false);
    expect(v.frames.some((f) => f.event === "updateBalance")).toBe(false);
  });

  it("refuses a frame the server schema rejects, sending nothing", async () => {
    const alice = await makeUser();
    const a = await connect();
    a.identify(alice.token);
    await a.waitOnline(1, 0);
    // three decimals is not a dollar amount; a negative balance is impossible
    for (const balance of [1.234, -1, Number.NaN]) {
      const delivery = await hub(env).notifyUser(alice.user.id, { event: "updateBalance", data: { balance } });
      expect(delivery.sent).toBe(0);
      expect(delivery.refused).toMatch(/invalid "updateBalance" frame/);
    }
    expect((await hub(env).broadcast({ event: "nope", data: {} } as never)).refused).toMatch(/invalid "nope" frame/);
    expect((await hub(env).notifyUser(alice.user.id, { event: "userBanned", data: { extra: 1 } } as never)).refused).toBeDefined();
    expect(await hub(env).online()).toEqual({ users: 1, visitors: 0, total: 1 }); // not unbound
    await hubBarrier([a]);
    expect(a.frames.some((f) => f.event === "updateBalance")).toBe(false);
  });

  it("broadcasts to everyone, signed in or not", async () => {
    const alice = await makeUser();
    const a = await connect();
    const v = await connect();
    a.identify(alice.token);
    await v.waitOnline(1, 1);
    const note = { id: 7, name: "Hello", content: "World", is_read: false, created_at: 1_700_000_000_000 };
    expect(await hub(env).broadcast({ event: "notification", data: note })).toEqual({ sent: 2 });
    for (const c of [a, v]) expect(await c.waitFor((f) => f.event === "notification")).toEqual({ event: "notification", data: note });
  });

  it("userBanned reaches the user's sockets and turns them into visitors", async () => {
    const alice = await makeUser();
    const a = await connect();
    a.identify(alice.token);
    await a.waitOnline(1, 0);
    expect(await hub(env).notifyUser(alice.user.id, { event: "userBanned", data: {} })).toEqual({ sent: 1 });
    await a.waitFor((f) => f.event === "userBanned", "userBanned");
    await a.waitOnline(0, 1);
    expect(await hub(env).notifyUser(alice.user.id, { event: "pong", data: {} })).toEqual({ sent: 0 });
  });
});

describe("after hibernation", () => {
  it("counts and reaches hibernated sockets from their attachments", async () => {
    const alice = await makeUser();
    const [a1, a2, v] = [await connect(), await connect(), await connect()];
    a1.identify(alice.token);
    a2.identify(alice.token);
    await v.waitOnline(1, 1);

    await evictDurableObject(hub(env), { webSockets: "hibernate" });

    expect(await hub(env).online()).toEqual({ users: 1, visitors: 1, total: 2 });
    expect(await hub(env).notifyUser(alice.user.id, { event: "updateBalance", data: { balance: 5 } })).toEqual({ sent: 2 });
    for (const c of [a1, a2]) await c.waitFor((f) => f.event === "updateBalance", "updateBalance");
    expect(v.frames.some((f) => f.event === "updateBalance")).toBe(false);

    // A hibernated socket's frames still parse and dispatch, and a close still updates the counts.
    const bob = await makeUser();
    await evictDurableObject(hub(env), { webSockets: "hibernate" });
    v.identify(bob.token);
    await v.waitOnline(2, 0);
    await evictDurableObject(hub(env), { webSockets: "hibernate" });
    a1.close();
    a2.close();
    await v.waitOnline(1, 0);
    expect(await hub(env).notifyUser(bob.user.id, { event: "updateBalance", data: { balance: 0.5 } })).toEqual({ sent: 1 });
  });
});
