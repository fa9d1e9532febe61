// Many users' pushes in one hub call (worker/lib/notify.ts notifyUsersSafe): a settled round tells a
// thousand winners their balances with one D1 read and one RPC, not a thousand of each.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { pushBalances } from "../../worker/lib/notify";
import { hub } from "../../worker/rooms/hub";
import { closeAll, connectHub, hubBarrier, makeUser, type HubClient } from "./hub-client";

let open: HubClient[] = [];
async function connect() {
  const c = await connectHub();
  open.push(c);
  return c;
}
afterEach(() => {
  closeAll(open);
  open = [];
});

/** env whose hub counts the notifyUsers calls it is asked for */
function countingHub() {
  const calls: number[] = [];
  const stub = hub(env);
  const counting = {
    notifyUsers: (pushes: Parameters<typeof stub.notifyUsers>[0]) => {
      calls.push(pushes.length);
      return stub.notifyUsers(pushes);
    },
  };
  return { calls, env: { DB: env.DB, HUB_ROOM: { idFromName: (n: string) => env.HUB_ROOM.idFromName(n), get: () => counting } } as unknown as Env };
}

describe("pushes to many users", () => {
  it("pushBalances: the fresh balances in one read and one hub call, each to that user's sockets only, once", async () => {
    const alice = await makeUser();
    const bob = await makeUser();
    await env.DB.batch([
      env.DB.prepare("UPDATE users SET balance = 1234 WHERE id = ?").bind(alice.user.id),
      env.DB.prepare("UPDATE users SET balance = 50 WHERE id = ?").bind(bob.user.id),
    ]);
    const [a, b, v] = [await connect(), await connect(), await connect()];
    a.identify(alice.token);
    b.identify(bob.token);
    await v.waitOnline(2, 1);
    const counted = countingHub();
    await pushBalances(counted.env, [alice.user.id, bob.user.id, alice.user.id]);
    expect(counted.calls).toEqual([2]); // one call, two users
    expect(await a.waitFor((f) => f.event === "updateBalance", "alice's balance")).toEqual({ event: "updateBalance", data: { balance: 12.34 } });
    expect(await b.waitFor((f) => f.event === "updateBalance", "bob's balance")).toEqual({ event: "updateBalance", data: { balance: 0.5 } });
    await hubBarrier([a, b, v]);
    expect(a.all("updateBalance")).toHaveLength(1); // alice named twice, told once
    expect(v.frames.some((f) => f.event === "updateBalance")).toBe(false);
  });

  it("notifyUsers refuses a frame the schema rejects and still delivers the others", async () => {
    const carol = await makeUser();
    const c = await connect();
    c.identify(carol.token);
    await c.waitOnline(1, 0);
    const answer = await hub(env).notifyUsers([
      { userId: carol.user.id, frame: { event: "updateBalance", data: { balance: "lots" } } as never },
      { userId: carol.user.id, frame: { event: "updateBalance", data: { balance: 2 } } },
    ]);
    expect(answer).toEqual({ sent: 1, refused: 1 });
    expect(await c.waitFor((f) => f.event === "updateBalance", "the valid one")).toEqual({ event: "updateBalance", data: { balance: 2 } });
  });
});
