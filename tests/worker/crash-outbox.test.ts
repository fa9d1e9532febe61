// Grouped loss settlements (settlement.ts settleLossGroup, outbox.ts): many losses in one D1
// batch, all or nothing; a group that fails is settled one by one, so a replay moves nothing
// and a fault keeps only its own entry owed.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { SETTLE_GROUP } from "../../worker/rooms/base/outbox";
import { Outbox, type OutboxEntry } from "../../worker/rooms/crash/outbox";
import { placeBet, settleLoss, settleLossGroup } from "../../worker/rooms/crash/settlement";
import { addCatalogue, betRow, giveItem, itemRow, writeWaitingRound } from "./crash-fixtures";
import { makeUser } from "./user-fixtures";

let roundSeq = 5000;
async function runningRound(): Promise<number> {
  return (await writeWaitingRound(++roundSeq)).id;
}

/** `n` players with one staked item each in `roundId`. */
async function pendingBets(roundId: number, n: number) {
  return Promise.all(
    [...Array(n).keys()].map(async () => {
      const { user } = await makeUser();
      const item = await giveItem(user.id, 300);
      const betId = crypto.randomUUID();
      const placed = await placeBet(env, { betId, roundId, userId: user.id, itemIds: [item], autoWithdraw: 999_999, now: Date.now() });
      expect(placed.ok).toBe(true);
      return { betId, userId: user.id, item };
    }),
  );
}

/** The DO storage calls the outbox uses, over a Map. */
function memoryStorage() {
  const map = new Map<string, unknown>();
  const storage = {
    async list({ prefix }: { prefix: string }) {
      return new Map([...map].filter(([k]) => k.startsWith(prefix)).sort(([a], [b]) => (a < b ? -1 : 1)));
    },
    async get(keys: string | string[]) {
      return Array.isArray(keys) ? new Map(keys.filter((k) => map.has(k)).map((k) => [k, map.get(k)])) : map.get(keys);
    },
    async put(entries: Record<string, unknown>) {
      for (const [k, v] of Object.entries(entries)) map.set(k, structuredClone(v));
    },
    async delete(keys: string | string[]) {
      for (const k of Array.isArray(keys) ? keys : [keys]) map.delete(k);
    },
  };
  return { map, storage: storage as unknown as DurableObjectStorage };
}

const lossEntry = (roundId: number, b: { betId: string; userId: number }): OutboxEntry => ({ kind: "settle", settlement: { kind: "loss", roundId, ...b } });

describe("settleLossGroup", () => {
  it("settles many losses in one batch: bets lost, items to the house", async () => {
    const roundId = await runningRound();
    const bets = await pendingBets(roundId, 4);
    await settleLossGroup(
      env,
      bets.map((b) => ({ ...b, now: 7 })),
    );
    for (const b of bets) {
      expect(await betRow(b.betId)).toMatchObject({ status: 2 });
      expect(await itemRow(b.item)).toMatchObject({ owner_id: null, status: "available" });
    }
  });

  it("lands nothing when one loss of the group is already settled (a replay)", async () => {
    const roundId = await runningRound();
    const bets = await pendingBets(roundId, 3);
    await settleLoss(env, { ...bets[1]!, now: 1 });
    await expect(
      settleLossGroup(
        env,
        bets.map((b) => ({ ...b, now: 2 })),
      ),
    ).rejects.toThrow();
    for (const b of [bets[0]!, bets[2]!]) {
      expect(await betRow(b.betId)).toMatchObject({ status: 0 });
      expect(await itemRow(b.item)).toMatchObject({ owner_id: b.userId, status: "in_bet" });
    }
  });
});

describe("the outbox's loss groups", () => {
  it("settles more losses than one group holds, in groups, and forgets them", async () => {
    const roundId = await runningRound();
    const bets = await pendingBets(roundId, SETTLE_GROUP + 3);
    const { map, storage } = memoryStorage();
    const outbox = new Outbox(storage, env);
    await storage.put(outbox.stage(bets.map((b) => lossEntry(roundId, b))));
    await outbox.drain();
    expect(map.size).toBe(0);
    for (const b of bets) expect((await betRow(b.betId))?.status).toBe(2);
  });

  it("falls back to one by one: a replay in the group is done, a faulty loss stays owed", async () => {
    const roundId = await runningRound();
    const bets = await pendingBets(roundId, 4);
    await settleLoss(env, { ...bets[0]!, now: 1 }); // replayed by the outbox below
    const ghost = { betId: crypto.randomUUID(), userId: bets[1]!.userId }; // no such bet: a fault
    const { map, storage } = memoryStorage();
    const outbox = new Outbox(storage, env);
    await storage.put(outbox.stage([...bets, ghost].map((b) => lossEntry(roundId, b))));
    await outbox.drain();
    for (const b of bets) {
      expect(await betRow(b.betId)).toMatchObject({ status: 2 });
      expect(await itemRow(b.item)).toMatchObject({ owner_id: null, status: "available" });
    }
    expect([...map.keys()]).toEqual([expect.stringContaining(ghost.betId)]);
    // the replay moved nothing: the bet keeps its first settlement time
    expect(await env.DB.prepare("SELECT settled_at FROM crash_bets WHERE id = ?1").bind(bets[0]!.betId).first("settled_at")).toBe(1);
  });
});

describe("the outbox's wins", () => {
  it("pushes the winner's balance when the win was paid in cash because the staged item got dearer", async () => {
    const roundId = await runningRound();
    const [bet] = await pendingBets(roundId, 1);
    // the room staged the win as one item worth exactly the win (no remainder) from its cached
    // catalogue; a refresh since made that item dearer than the win, so it is paid in cash
    const prize = await addCatalogue(900);
    const pushed: Array<{ userId: number; event: string }> = [];
    const HUB_ROOM = {
      idFromName: (name: string) => ({ name }),
      get: () => ({
        notifyUser: async (userId: number, frame: { event: string }) => {
          pushed.push({ userId, event: frame.event });
          return { sent: 1 };
        },
      }),
    } as unknown as Env["HUB_ROOM"];
    const { storage } = memoryStorage();
    const outbox = new Outbox(storage, { ...env, HUB_ROOM });
    const win: OutboxEntry = {
      kind: "settle",
      settlement: {
        kind: "win",
        roundId,
        betId: bet!.betId,
        userId: bet!.userId,
        cashout: 200,
        win: 180,
        winItem: { id: prize, price: 180 },
        remainder: 0,
        forced: false,
      },
    };
    await storage.put(outbox.stage([win]));
    await outbox.drain();
    expect(await betRow(bet!.betId)).toMatchObject({ status: 1, win: 180, remainder: 180, win_item_id: null });
    expect(pushed).toContainEqual({ userId: bet!.userId, event: "updateBalance" });
  });
});

const winEntry = (roundId: number, b: { betId: string; userId: number }, win: number, winItem: { id: number; price: number } | null): OutboxEntry => ({
  kind: "settle",
  settlement: { kind: "win", roundId, ...b, cashout: 250, win, winItem, remainder: win - (winItem?.price ?? 0), forced: false },
});

const balanceOf = async (userId: number) => (await env.DB.prepare("SELECT balance FROM users WHERE id = ?1").bind(userId).first<number>("balance")) ?? 0;

describe("the outbox's win groups", () => {
  it("settles the wins and losses a drain finds together in one group: items minted, remainders credited once", async () => {
    const roundId = await runningRound();
    const bets = await pendingBets(roundId, 5);
    const prize = await addCatalogue(600);
    const before = await Promise.all(bets.map((b) => balanceOf(b.userId)));
    const { map, storage } = memoryStorage();
    const outbox = new Outbox(storage, env);
    await storage.put(
      outbox.stage([
        winEntry(roundId, bets[0]!, 750, { id: prize, price: 600 }),
        winEntry(roundId, bets[1]!, 750, null),
        winEntry(roundId, bets[2]!, 330, null),
        lossEntry(roundId, bets[3]!),
        lossEntry(roundId, bets[4]!),
      ]),
    );
    await outbox.drain();
    expect(map.size).toBe(0);
    expect(await betRow(bets[0]!.betId)).toMatchObject({ status: 1, win: 750, remainder: 150 });
    expect((await betRow(bets[0]!.betId))?.win_item_id).toEqual(expect.any(Number));
    expect(await betRow(bets[1]!.betId)).toMatchObject({ status: 1, win: 750, remainder: 750, win_item_id: null });
    expect(await betRow(bets[3]!.betId)).toMatchObject({ status: 2 });
    const after = await Promise.all(bets.map((b) => balanceOf(b.userId)));
    expect(after.map((a, i) => a - before[i]!)).toEqual([150, 750, 330, 0, 0]);
    // staged again (a restarted room replaying its outbox): nothing moves twice
    await storage.put(outbox.stage([winEntry(roundId, bets[1]!, 750, null), winEntry(roundId, bets[2]!, 330, null)]));
    await outbox.drain();
    expect(map.size).toBe(0);
    expect(await Promise.all(bets.map((b) => balanceOf(b.userId)))).toEqual(after);
  });

  it("a replayed win in the group: the others settle once, one by one", async () => {
    const roundId = await runningRound();
    const bets = await pendingBets(roundId, 3);
    const { map, storage } = memoryStorage();
    const outbox = new Outbox(storage, env);
    await storage.put(outbox.stage([winEntry(roundId, bets[0]!, 500, null)]));
    await outbox.drain();
    const paid = await balanceOf(bets[0]!.userId);
    await storage.put(outbox.stage(bets.map((b) => winEntry(roundId, b, 500, null))));
    await outbox.drain();
    expect(map.size).toBe(0);
    expect(await balanceOf(bets[0]!.userId)).toBe(paid);
    for (const b of bets) expect(await betRow(b.betId)).toMatchObject({ status: 1, remainder: 500 });
  });
});

describe("drains", () => {
  it("calls made while a drain is queued join it: a thousand cash-outs do not queue a thousand drains", async () => {
    const { storage } = memoryStorage();
    let lists = 0;
    const counted = {
      ...storage,
      list: (o: { prefix: string }) => {
        lists++;
        return storage.list(o);
      },
      get: storage.get.bind(storage),
      delete: storage.delete.bind(storage),
      put: storage.put.bind(storage),
    } as unknown as DurableObjectStorage;
    const outbox = new Outbox(counted, env);
    await Promise.all([...Array(50)].map(() => outbox.drain()));
    expect(lists).toBeLessThanOrEqual(2);
  });
});
