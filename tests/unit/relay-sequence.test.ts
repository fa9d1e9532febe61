// The relay layout's order rules (worker/rooms/base/relay-sequence.ts) and the room's pumps
// (base/relay-outlet.ts): numbered frames, delivered once and in order, batched while one is in flight,
// retried after a failure, and a relay dropped once it has no watchers.
import { describe, expect, it } from "vitest";
import { SOCKET } from "../../shared/constants";
import { RelayOutlet } from "../../worker/rooms/base/relay-outlet";
import { accept, Backlog, type Batch } from "../../worker/rooms/base/relay-sequence";

describe("accept", () => {
  const at = { epoch: "e1", next: 5 };
  it("delivers the frames from the expected number on, once", () => {
    expect(accept(at, { epoch: "e1", first: 5, frames: ["a", "b"] })).toEqual({ kind: "deliver", frames: ["a", "b"], position: { epoch: "e1", next: 7 } });
    expect(accept(at, { epoch: "e1", first: 3, frames: ["x", "y", "a"] })).toEqual({ kind: "deliver", frames: ["a"], position: { epoch: "e1", next: 6 } });
    expect(accept(at, { epoch: "e1", first: 1, frames: ["x"] })).toEqual({ kind: "deliver", frames: [], position: at });
  });
  it("asks for the missing frames of a gap; a new room instance or nothing known needs an init", () => {
    expect(accept(at, { epoch: "e1", first: 8, frames: ["c"] })).toEqual({ kind: "gap", from: 5 });
    expect(accept(at, { epoch: "e2", first: 1, frames: ["c"] })).toEqual({ kind: "resync" });
    expect(accept(undefined, { epoch: "e1", first: 5, frames: ["c"] })).toEqual({ kind: "resync" });
  });
});

describe("Backlog", () => {
  it("numbers frames from 1, keeps the last `size`, and refuses what it no longer has", () => {
    const b = new Backlog(3);
    expect(["a", "b", "c", "d"].map((t) => b.add(t))).toEqual([1, 2, 3, 4]);
    expect(b.next).toBe(5);
    expect(b.since(2)).toEqual(["b", "c", "d"]);
    expect(b.since(5)).toEqual([]);
    expect(b.since(1)).toBeNull();
    expect(b.since(6)).toBeNull();
    b.restart(10);
    expect(b.add("e")).toBe(10);
    expect(b.since(10)).toEqual(["e"]);
  });
});

function fakeStorage() {
  const map = new Map<string, unknown>();
  return {
    map,
    storage: {
      get: async (key: string) => map.get(key),
      put: async (key: string, value: unknown) => void map.set(key, value),
    } as unknown as DurableObjectStorage,
  };
}

/** A relay that records what it was sent; `answer` decides each call. */
function fakeRelay(answer: (call: number) => Promise<{ sockets: number }>) {
  const got: Batch[] = [];
  let calls = 0;
  const waiting: (() => void)[] = [];
  const deliver = async (_name: string, batch: Batch) => {
    const reply = answer(calls++);
    await reply.then(
      () => got.push(batch),
      () => undefined,
    );
    for (const w of waiting.splice(0)) w();
    return reply;
  };
  /** resolves once `n` calls have been answered */
  const answered = async (n: number) => {
    while (calls < n) await new Promise<void>((resolve) => waiting.push(resolve));
  };
  return { got, deliver, answered, calls: () => calls };
}

describe("RelayOutlet", () => {
  it("one delivery in flight per relay; what queued meanwhile leaves as the next batch, in order", async () => {
    let release!: () => void;
    const first = new Promise<{ sockets: number }>((resolve) => {
      release = () => resolve({ sockets: 3 });
    });
    const relay = fakeRelay((call) => (call === 0 ? first : Promise.resolve({ sockets: 3 })));
    const { storage, map } = fakeStorage();
    const outlet = new RelayOutlet(storage, relay.deliver);
    const position = outlet.join("crash:0");
    expect(position).toEqual({ epoch: outlet.epoch, next: 1 });
    outlet.publish("a");
    outlet.publish("b");
    outlet.publish("c");
    expect(relay.calls()).toBe(1); // b and c wait for a's answer
    release();
    await relay.answered(2);
    expect(relay.got).toEqual([
      { epoch: outlet.epoch, first: 1, frames: ["a"] },
      { epoch: outlet.epoch, first: 2, frames: ["b", "c"] },
    ]);
    expect(map.get("relay:names")).toEqual(["crash:0"]);
    expect(outlet.since(outlet.epoch, 2)).toEqual(["b", "c"]);
    expect(outlet.since("another", 2)).toBeNull();
  });

  it("a failed delivery is sent again, the same frames first", async () => {
    const relay = fakeRelay((call) => (call === 0 ? Promise.reject(new Error("relay restarting")) : Promise.resolve({ sockets: 1 })));
    const outlet = new RelayOutlet(fakeStorage().storage, relay.deliver);
    outlet.join("crash:0");
    outlet.publish("a");
    outlet.publish("b"); // queued behind a's delivery, which fails
    await relay.answered(2);
    expect(relay.got).toEqual([{ epoch: outlet.epoch, first: 1, frames: ["a", "b"] }]);
  });

  it("a relay without watchers is dropped (and forgotten in storage); frames go on being numbered, so it sees what it missed when it joins again", async () => {
    const empty = fakeRelay(() => Promise.resolve({ sockets: 0 }));
    const { storage, map } = fakeStorage();
    const outlet = new RelayOutlet(storage, empty.deliver);
    outlet.join("crash:0");
    outlet.publish("a");
    await empty.answered(1);
    await new Promise((r) => setTimeout(r, 0));
    expect(outlet.count).toBe(0);
    expect(map.get("relay:names")).toEqual([]);
    outlet.publish("b");
    outlet.publish("c");
    expect(outlet.join("crash:0")).toEqual({ epoch: outlet.epoch, next: 4 });
    expect(outlet.since(outlet.epoch, 2)).toEqual(["b", "c"]);
  });

  it("a relay that keeps failing is never given up: retried until it answers, then it gets the frames in order", async () => {
    const relay = fakeRelay((call) => (call < 4 ? Promise.reject(new Error("down")) : Promise.resolve({ sockets: 2 })));
    const outlet = new RelayOutlet(fakeStorage().storage, relay.deliver);
    outlet.join("crash:1");
    outlet.publish("a");
    outlet.publish("b");
    await relay.answered(5);
    expect(outlet.count).toBe(1);
    expect(relay.got).toEqual([{ epoch: outlet.epoch, first: 1, frames: ["a", "b"] }]);
  }, 20_000);

  it("a failing relay's queue keeps the newest `backlog` frames (the relay fills the gap itself)", async () => {
    let fail = true;
    const relay = fakeRelay(() => (fail ? Promise.reject(new Error("down")) : Promise.resolve({ sockets: 1 })));
    const outlet = new RelayOutlet(fakeStorage().storage, relay.deliver);
    outlet.join("crash:2");
    for (let i = 0; i < SOCKET.relay.backlog + 10; i++) outlet.publish(`f${i}`);
    await relay.answered(1);
    fail = false;
    await relay.answered(2);
    const [batch] = relay.got;
    expect(batch!.frames).toHaveLength(SOCKET.relay.backlog);
    expect(batch!.first).toBe(11);
    expect(batch!.frames.at(-1)).toBe(`f${SOCKET.relay.backlog + 9}`);
  }, 20_000);

  it("a restarted room feeds the relays it had, under a new epoch", async () => {
    const { storage } = fakeStorage();
    const before = new RelayOutlet(storage, fakeRelay(() => Promise.resolve({ sockets: 1 })).deliver);
    before.join("crash:0");
    before.join("crash:1");
    await new Promise((r) => setTimeout(r, 0));
    const relay = fakeRelay(() => Promise.resolve({ sockets: 1 }));
    const after = new RelayOutlet(storage, relay.deliver);
    await after.load();
    expect(after.count).toBe(2);
    after.publish("x");
    await relay.answered(2);
    expect(relay.got.map((b) => b.epoch)).toEqual([after.epoch, after.epoch]);
    expect(after.epoch).not.toBe(before.epoch);
  });
});
