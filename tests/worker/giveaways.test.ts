// Giveaways (docs/games.md "Giveaways"): each condition met / not met / off; the join's refusals (§4) and
// bad bodies; the Telegram link (a good, a forged, a stale payload; one account per player) and the
// channel statuses the fake Bot API answers; the draw against a winner computed here by hand; the
// prize moving exactly once under a doubled alarm and an eviction; nobody joined; cancel; repeat;
// the setRaffle frames.
import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import sha3 from "js-sha3";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { activeAnswer, conditionsAnswer, giveawayRecordAnswer } from "../../shared/api/giveaways";
import { publicHash } from "../../shared/fairness";
import { reconcile } from "../../worker/books/reconcile";
import { giveawayConditionsOf } from "../../worker/giveaways/conditions";
import { openGiveawayRow } from "../../worker/giveaways/queries";
import type { GiveawayRoom } from "../../worker/rooms/giveaway/GiveawayRoom";
import { giveawayRoom } from "../../worker/rooms/giveaway/stub";
import { houseItem } from "./chat-client";
import { makeCatalogueItem } from "./cases-fixtures";
import { endRunningGiveaway, setChannelStatus, signedTelegramLogin, startGiveaway } from "./giveaway-fixtures";
import type { HubServerFrame } from "../../shared/rooms/hub";
import { bindHub, connectHub, type FrameIn, makeUser as makeHubUser } from "./hub-client";
import { crashBetSum } from "./bonus-fixtures";
import { advanceClock } from "./room-clock";
import { deposit, makeUser, post } from "./user-fixtures";

afterAll(() => vi.useRealTimers());

const room = () => giveawayRoom(env);
let admin: { token: string };
beforeEach(async () => {
  admin = await makeUser({ isAdmin: true });
});

const getConditions = (token?: string) =>
  exports.default.fetch("http://x/api/giveaways/get-conditions", { headers: token ? { Authorization: `Bearer ${token}` } : {} });
const join = (id: unknown, token?: string) => post("/api/giveaways/setMyActive", { id }, token);
const link = (body: unknown, token?: string) => post("/api/telegram/link", body, token);
const itemRow = (id: number) =>
  env.DB.prepare("SELECT owner_id, status FROM inventory_items WHERE id = ?1").bind(id).first<{ owner_id: number | null; status: string }>();
const giveawayRow = (id: number) => env.DB.prepare("SELECT * FROM giveaways WHERE id = ?1").bind(id).first<Record<string, unknown>>();
const members = async (id: number) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM giveaway_participants WHERE giveaway_id = ?1").bind(id).first<{ n: number }>())!.n;
let telegramSeq = 800_000;

/** A player with a linked Telegram account whose channel status is `status`. */
async function telegramPlayer(status: string, fields: Record<string, unknown> = {}) {
  const p = await makeUser(fields);
  const telegramId = ++telegramSeq;
  expect((await link(signedTelegramLogin({ id: telegramId, first_name: "T", username: `tg${telegramId}` }), p.token)).status).toBe(200);
  await setChannelStatus(telegramId, status);
  return { ...p, telegramId };
}

async function conditions(token: string) {
  const res = await getConditions(token);
  expect(res.status).toBe(200);
  return conditionsAnswer.parse(await res.json());
}

describe("conditions", () => {
  it("the Telegram subscription: member, administrator and creator count; left, kicked, restricted and no link do not; off when not asked", async () => {
    await startGiveaway(admin.token, { item_id: await houseItem(), duration_ms: 600_000, telegram: true });
    for (const status of ["member", "administrator", "creator"]) {
      const p = await telegramPlayer(status);
      expect((await conditions(p.token)).conditions.telegram_channel_subscribe).toEqual({
        is_active: true,
        is_completed: true,
        required: "@skinrush_news",
        progress: 1,
      });
    }
    for (const status of ["left", "kicked", "restricted"]) {
      const p = await telegramPlayer(status);
      expect((await conditions(p.token)).conditions.telegram_channel_subscribe).toMatchObject({ is_active: true, is_completed: false, progress: 0 });
    }
    const unlinked = await makeUser();
    const answer = await conditions(unlinked.token);
    expect(answer.conditions.telegram_channel_subscribe.is_completed).toBe(false);
    expect(answer.telegram).toMatchObject({ available: true, linked: null });
    expect(answer.telegram.login_url).toContain("/telegram/oauth/auth?bot_id=7000000001");
    await startGiveaway(admin.token, { item_id: await houseItem(), duration_ms: 600_000 });
    expect((await conditions(unlinked.token)).conditions.telegram_channel_subscribe).toMatchObject({ is_active: false, is_completed: true });
  });

  it("no bot token configured: the subscription condition is not offered, nothing to link", async () => {
    await startGiveaway(admin.token, { item_id: await houseItem(), duration_ms: 600_000, telegram: true });
    const { user } = await makeUser();
    const row = (await openGiveawayRow(env))!;
    const off = await giveawayConditionsOf({ ...env, TELEGRAM_BOT_TOKEN: "" } as Env, row, user);
    expect(off.conditions.telegram_channel_subscribe).toMatchObject({ is_active: false, is_completed: true });
    expect(off.telegram).toEqual({ available: false, linked: null, channel_url: null, login_url: null });
  });

  it("the nickname: met with the tag, not met without, off when not asked", async () => {
    await startGiveaway(admin.token, { item_id: await houseItem(), duration_ms: 600_000, username: true });
    const tagged = await makeUser({ username: "Best.SkinRush.Fan" });
    const plain = await makeUser({ username: "plain" });
    expect((await conditions(tagged.token)).conditions.username).toEqual({ is_active: true, is_completed: true, required: "skinrush", progress: 1 });
    expect((await conditions(plain.token)).conditions.username).toEqual({ is_active: true, is_completed: false, required: "skinrush", progress: 0 });
    await startGiveaway(admin.token, { item_id: await houseItem(), duration_ms: 600_000 });
    expect((await conditions(plain.token)).conditions.username).toMatchObject({ is_active: false, is_completed: true });
  });

  it("the deposit sum: met at the minimum, not met below, off at 0", async () => {
    await startGiveaway(admin.token, { item_id: await houseItem(), duration_ms: 600_000, min_deposit: 5 });
    const p = await makeUser();
    await deposit(p.user.id, 499);
    expect((await conditions(p.token)).conditions.deposit).toEqual({ is_active: true, is_completed: false, required: 5, progress: 4.99 });
    await deposit(p.user.id, 1);
    expect((await conditions(p.token)).conditions.deposit).toEqual({ is_active: true, is_completed: true, required: 5, progress: 5 });
    await startGiveaway(admin.token, { item_id: await houseItem(), duration_ms: 600_000 });
    expect((await conditions((await makeUser()).token)).conditions.deposit).toMatchObject({ is_active: false, is_completed: true });
  });

  it("the games count: crash bets not refunded count; met at the minimum, not met below, off at 0", async () => {
    await startGiveaway(admin.token, { item_id: await houseItem(), duration_ms: 600_000, min_games: 2 });
    const p = await makeUser();
    const crashBet = (status: number) =>
      env.DB.prepare("UPDATE crash_bets SET status = ?1 WHERE id = (SELECT id FROM crash_bets WHERE user_id = ?2 ORDER BY rowid DESC LIMIT 1)")
        .bind(status, p.user.id)
        .run();
    await crashBetSum(p.user.id, 100);
    await crashBetSum(p.user.id, 100);
    await crashBet(3); // refunded: not a game
    expect((await conditions(p.token)).conditions.games).toEqual({ is_active: true, is_completed: false, required: 2, progress: 1 });
    await crashBetSum(p.user.id, 100);
    await crashBet(1);
    expect((await conditions(p.token)).conditions.games).toEqual({ is_active: true, is_completed: true, required: 2, progress: 2 });
    await startGiveaway(admin.token, { item_id: await houseItem(), duration_ms: 600_000 });
    expect((await conditions(p.token)).conditions.games).toMatchObject({ is_active: false, is_completed: true });
  });

  it("no giveaway running: every condition off, and a visitor is 401", async () => {
    await endRunningGiveaway();
    const answer = await conditions((await makeUser()).token);
    expect(answer.giveaway_id).toBeNull();
    expect(Object.values(answer.conditions).every((c) => !c.is_active && c.is_completed)).toBe(true);
    expect((await getConditions()).status).toBe(401);
  });
});

describe("POST /api/giveaways/setMyActive", () => {
  it("refuses a missing condition by name (giveaway_api with the condition) and adds nobody", async () => {
    const id = await startGiveaway(admin.token, {
      item_id: await houseItem(),
      duration_ms: 600_000,
      telegram: true,
      username: true,
      min_deposit: 1,
      min_games: 1,
    });
    const p = await makeUser({ username: "untagged" });
    const refused = async () => {
      const res = await join(id, p.token);
      return [res.status, await res.json()];
    };
    const first = await refused();
    expect(first, JSON.stringify(first)).toEqual([403, expect.objectContaining({ message: "giveaway_api.conditions_not_met", condition: "subscription" })]);
    const telegramId = ++telegramSeq;
    await link(signedTelegramLogin({ id: telegramId, first_name: "T" }), p.token);
    await setChannelStatus(telegramId, "member");
    expect(await refused()).toEqual([403, expect.objectContaining({ condition: "nickname" })]);
    await env.DB.prepare("UPDATE users SET username = 'skinrush_' || id WHERE id = ?1").bind(p.user.id).run();
    expect(await refused()).toEqual([403, expect.objectContaining({ condition: "deposit" })]);
    await deposit(p.user.id, 100);
    expect(await refused()).toEqual([403, expect.objectContaining({ condition: "games" })]);
    expect(await members(id)).toBe(0);
    await crashBetSum(p.user.id, 100);
    const ok = await join(id, p.token);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ status: "success", message: "giveaway_api.joined", members: 1 });
  });

  it("twice is one participation (409 already_member); another giveaway's id or none running is 404; a visitor 401", async () => {
    const id = await startGiveaway(admin.token, { item_id: await houseItem(), duration_ms: 600_000 });
    const a = await makeUser();
    const b = await makeUser();
    expect((await join(id, a.token)).status).toBe(200);
    expect((await (await join(id, b.token)).json()) as object).toMatchObject({ members: 2 });
    const again = await join(id, a.token);
    expect([again.status, ((await again.json()) as { message: string }).message]).toEqual([409, "giveaway_api.already_member"]);
    expect(await members(id)).toBe(2);
    const places = await env.DB.prepare("SELECT user_id, seq FROM giveaway_participants WHERE giveaway_id = ?1 ORDER BY seq").bind(id).all();
    expect(places.results).toEqual([
      { user_id: a.user.id, seq: 1 },
      { user_id: b.user.id, seq: 2 },
    ]);
    const my = await post("/api/giveaways/myActive", {}, a.token);
    expect(await my.json()).toEqual({ giveaway_id: id, is_participant: true });
    const wrong = await join(id + 1000, (await makeUser()).token);
    expect([wrong.status, ((await wrong.json()) as { message: string }).message]).toEqual([404, "giveaway_api.not_found"]);
    expect((await join(id)).status).toBe(401);
    await endRunningGiveaway();
    expect((await join(id, (await makeUser()).token)).status).toBe(404);
  });

  it("bad bodies answer 400 app_api.invalid_request and change nothing; no body joins the running one", async () => {
    const id = await startGiveaway(admin.token, { item_id: await houseItem(), duration_ms: 600_000 });
    const p = await makeUser();
    for (const body of [{ id: "abc" }, { id: -1 }, { id: 1.5 }, { id: 0 }, { id: "1e3" }, { id, extra: 1 }, { id: [id] }, "nope"]) {
      const res = await post("/api/giveaways/setMyActive", body, p.token);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe("app_api.invalid_request");
    }
    expect(await members(id)).toBe(0);
    // §7 sends no input: the running giveaway
    expect((await post("/api/giveaways/setMyActive", {}, p.token)).status).toBe(200);
    expect(await members(id)).toBe(1);
  });
});

describe("Telegram link", () => {
  it("a good payload links; a forged or a stale one is refused; one account belongs to one player", async () => {
    const p = await makeUser();
    const id = ++telegramSeq;
    const good = signedTelegramLogin({ id, first_name: "Ivan", username: "ivan_t" });
    const res = await link(good, p.token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, message: "telegram_api.linked", linked: "@ivan_t" });

    const other = await makeUser();
    const forged = { ...signedTelegramLogin({ id: ++telegramSeq, first_name: "Eve" }), first_name: "Mallory" };
    const wrongBot = signedTelegramLogin({ id: ++telegramSeq, first_name: "Eve" }, "1234567:AAnotTheBotTokenAtAllxxxxxxxx");
    const stale = signedTelegramLogin({ id: ++telegramSeq, first_name: "Old", auth_date: Math.floor(Date.now() / 1000) - 2 * 86_400 });
    const future = signedTelegramLogin({ id: ++telegramSeq, first_name: "New", auth_date: Math.floor(Date.now() / 1000) + 3_600 });
    for (const [body, key] of [
      [forged, "telegram_api.bad_signature"],
      [wrongBot, "telegram_api.bad_signature"],
      [stale, "telegram_api.expired"],
      [future, "telegram_api.expired"],
    ] as const) {
      const r = await link(body, other.token);
      expect([r.status, ((await r.json()) as { message: string }).message]).toEqual([403, key]);
    }
    const taken = await link(signedTelegramLogin({ id, first_name: "Ivan" }), other.token);
    expect([taken.status, ((await taken.json()) as { message: string }).message]).toEqual([409, "telegram_api.taken"]);
    const links = await env.DB.prepare("SELECT COUNT(*) AS n FROM telegram_links WHERE user_id = ?1").bind(other.user.id).first<{ n: number }>();
    expect(links!.n).toBe(0);
    expect((await post("/api/telegram/unlink", {}, p.token)).status).toBe(200);
    expect((await link(signedTelegramLogin({ id, first_name: "Ivan" }), other.token)).status).toBe(200);
  });

  it("bad bodies answer 400 and link nothing; a visitor 401", async () => {
    const p = await makeUser();
    const good = signedTelegramLogin({ id: ++telegramSeq, first_name: "A" });
    for (const body of [
      {},
      { ...good, hash: "zz" },
      { ...good, id: -5 },
      { ...good, id: "12abc" },
      { ...good, auth_date: "soon" },
      { ...good, nested: { a: 1 } },
    ]) {
      const res = await link(body, p.token);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await link(good)).status).toBe(401);
    const n = await env.DB.prepare("SELECT COUNT(*) AS n FROM telegram_links WHERE user_id = ?1").bind(p.user.id).first<{ n: number }>();
    expect(n!.n).toBe(0);
  });
});

/** The winner computed here by hand: n = the first 13 hex digits of keccak256(secret:salt:1), index floor(n·m/2^52). */
function winnerByHand(secret: string, salt: string, ids: number[]): number {
  const n = BigInt(`0x${sha3.keccak256(`${secret}:${salt}:1`).slice(0, 13)}`);
  return ids[Number((n * BigInt(ids.length)) / 2n ** 52n)]!;
}

async function runningWithPlayers(count: number, body: Record<string, unknown> = {}) {
  const itemId = await houseItem(3_000);
  const id = await startGiveaway(admin.token, { item_id: itemId, duration_ms: 60_000, ...body });
  const players = [];
  for (let i = 0; i < count; i++) {
    const p = await makeUser();
    expect((await join(id, p.token)).status).toBe(200);
    players.push(p);
  }
  return { id, itemId, players };
}

describe("the draw", () => {
  it("at the end time the winner computed by hand gets the item with a bell; the record verifies", async () => {
    const { id, itemId, players } = await runningWithPlayers(3);
    const row = await giveawayRow(id);
    advanceClock((row!.ends_at as number) - Date.now() + 1);
    await runDurableObjectAlarm(room());
    const drawn = await giveawayRow(id);
    expect(drawn).toMatchObject({ status: "drawn" });
    const ids = players.map((p) => p.user.id);
    const winner = winnerByHand(drawn!.secret as string, env.GIVEAWAY_SALT, ids);
    expect(drawn!.winner_id).toBe(winner);
    expect(await itemRow(itemId)).toEqual({ owner_id: winner, status: "available" });
    const bell = await env.DB.prepare("SELECT user_id FROM notifications WHERE name = 'giveaway_won' AND user_id = ?1").bind(winner).all();
    expect(bell.results).toHaveLength(1);
    const record = giveawayRecordAnswer.parse(await (await post("/api/giveaways/round", { id })).json()).giveaway;
    expect(record).toMatchObject({ status: "drawn", participants: ids, winner: { id: winner } });
    expect(publicHash(record.secret!, id, record.day_of_month)).toBe(record.public_hash);
    // the chain: the secret hashes down to the published terminal
    let x = record.secret!;
    for (let k = id; k > 0; k--) x = sha3.keccak256(x);
    expect(x).toBe(env.GIVEAWAY_CHAIN_TERMINAL);
    const active = activeAnswer.parse(await (await post("/api/giveaways/getActive", {})).json());
    expect(active.history[0]).toMatchObject({ id, user: { id: winner } });
    expect(await reconcile(env)).toMatchObject({ ok: true });
  });

  it("the open record keeps the secret and the participants hidden", async () => {
    const { id } = await runningWithPlayers(1);
    const record = giveawayRecordAnswer.parse(await (await post("/api/giveaways/round", { id })).json()).giveaway;
    expect(record).toMatchObject({ status: "open", secret: null, participants: [], winner: null });
  });

  it("an alarm delivered twice and an eviction at the end time move the item exactly once", async () => {
    const { id, itemId, players } = await runningWithPlayers(2);
    const row = await giveawayRow(id);
    await evictDurableObject(room());
    advanceClock((row!.ends_at as number) - Date.now() + 5_000);
    await runInDurableObject(room(), async (instance: GiveawayRoom) => {
      await Promise.all([instance.alarm(), instance.alarm(), instance.tick()]);
    });
    await evictDurableObject(room());
    await runDurableObjectAlarm(room());
    await room().tick();
    const drawn = await giveawayRow(id);
    expect(drawn!.status).toBe("drawn");
    expect(players.map((p) => p.user.id)).toContain(drawn!.winner_id);
    expect(await itemRow(itemId)).toEqual({ owner_id: drawn!.winner_id, status: "available" });
    const bells = await env.DB.prepare("SELECT COUNT(*) AS n FROM notifications WHERE name = 'giveaway_won' AND user_id = ?1")
      .bind(drawn!.winner_id)
      .first<{ n: number }>();
    expect(bells!.n).toBe(1);
  });

  it("a join after the end time is refused; nobody joined: the item goes back to the house", async () => {
    const itemId = await houseItem(3_000);
    const id = await startGiveaway(admin.token, { item_id: itemId, duration_ms: 60_000 });
    advanceClock(61_000);
    expect((await join(id, (await makeUser()).token)).status).toBe(404);
    await runDurableObjectAlarm(room());
    expect(await giveawayRow(id)).toMatchObject({ status: "drawn", winner_id: null });
    expect(await itemRow(itemId)).toEqual({ owner_id: null, status: "available" });
    const active = activeAnswer.parse(await (await post("/api/giveaways/getActive", {})).json());
    expect(active.history[0]).toMatchObject({ id, user: null });
  });

  it("a repeating giveaway of a catalogue entry starts the next one at its draw", async () => {
    const catalogueId = await makeCatalogueItem(2_500);
    await endRunningGiveaway();
    const res = await post("/api/admin/giveaways/create", { catalogue_id: catalogueId, duration_ms: 60_000, repeat: true, min_games: 3 }, admin.token);
    expect(res.status).toBe(200);
    const first = ((await res.json()) as { giveaway: { id: number; item: { id: number; price: number } } }).giveaway;
    expect(first.item.price).toBe(25);
    advanceClock(61_000);
    await runDurableObjectAlarm(room());
    const next = (await openGiveawayRow(env))!;
    expect(next).toMatchObject({ id: first.id + 1, catalogue_id: catalogueId, min_games: 3, repeat: 1, status: "open" });
    expect(next.item_id).not.toBe(first.item.id);
    expect(await itemRow(next.item_id)).toEqual({ owner_id: null, status: "giveaway" });
  });
});

describe("staff", () => {
  it("create: a player is 403; an item not in the house's stock or a second running giveaway is 409; bad bodies 400", async () => {
    await endRunningGiveaway();
    const player = await makeUser();
    const itemId = await houseItem();
    expect((await post("/api/admin/giveaways/create", { item_id: itemId, duration_ms: 60_000 }, player.token)).status).toBe(403);
    expect((await post("/api/admin/giveaways/create", { item_id: itemId, duration_ms: 60_000 })).status).toBe(401);
    const owned = await env.DB.prepare("UPDATE inventory_items SET owner_id = ?1 WHERE id = ?2")
      .bind(player.user.id, await houseItem())
      .run();
    expect(owned.meta.changes).toBe(1);
    const ownedId = (await env.DB.prepare("SELECT id FROM inventory_items WHERE owner_id = ?1").bind(player.user.id).first<{ id: number }>())!.id;
    const refusal = async (body: unknown) => {
      const r = await post("/api/admin/giveaways/create", body, admin.token);
      return [r.status, ((await r.json()) as { message: string }).message];
    };
    expect(await refusal({ item_id: ownedId, duration_ms: 60_000 })).toEqual([409, "giveaway_api.item_unavailable"]);
    expect(await refusal({ catalogue_id: 999_999_999, duration_ms: 60_000 })).toEqual([409, "giveaway_api.item_unavailable"]);
    for (const body of [
      { duration_ms: 60_000 },
      { item_id: itemId, catalogue_id: 1, duration_ms: 60_000 },
      { item_id: itemId, duration_ms: 5 },
      { item_id: itemId, duration_ms: 60_000, min_deposit: -1 },
      { item_id: itemId, duration_ms: 60_000, telegram: "yes" },
      { item_id: "x", duration_ms: 60_000 },
    ]) {
      expect(await refusal(body), JSON.stringify(body)).toEqual([400, "app_api.invalid_request"]);
    }
    expect(await openGiveawayRow(env)).toBeNull();
    expect((await refusal({ item_id: itemId, duration_ms: 60_000 }))[0]).toBe(200);
    expect(await refusal({ item_id: await houseItem(), duration_ms: 60_000 })).toEqual([409, "giveaway_api.already_active"]);
    expect(await itemRow(itemId)).toEqual({ owner_id: null, status: "giveaway" });
  });

  it("cancel: the item goes back to the house; a drawn or unknown one cannot be; a player is 403", async () => {
    const { id, itemId } = await runningWithPlayers(1);
    const player = await makeUser();
    expect((await post("/api/admin/giveaways/cancel", { id }, player.token)).status).toBe(403);
    const res = await post("/api/admin/giveaways/cancel", { id }, admin.token);
    expect(await res.json()).toEqual({ success: true, message: "giveaway_api.canceled" });
    expect(await itemRow(itemId)).toEqual({ owner_id: null, status: "available" });
    const again = await post("/api/admin/giveaways/cancel", { id }, admin.token);
    expect([again.status, ((await again.json()) as { message: string }).message]).toEqual([409, "giveaway_api.cannot_cancel"]);
    expect((await post("/api/admin/giveaways/cancel", { id: 99_999_999 }, admin.token)).status).toBe(404);
    expect((await post("/api/admin/giveaways/cancel", { id: "1 OR 1=1" }, admin.token)).status).toBe(400);
  });
});

type Raffle = FrameIn<HubServerFrame, "setRaffle">;
const raffle =
  (match: (data: Raffle["data"]) => boolean) =>
  (f: HubServerFrame): f is Raffle =>
    f.event === "setRaffle" && match(f.data);

describe("setRaffle", () => {
  it("everyone sees a new participant and the draw with its winner", async () => {
    const watcher = await connectHub();
    const me = await makeHubUser();
    await bindHub(watcher, me);
    const { id, players } = await runningWithPlayers(1);
    // the join's frame is coalesced: it leaves from the room's alarm a frame window later
    advanceClock(1_100);
    await runDurableObjectAlarm(room());
    const joined = await watcher.waitFor(
      raffle((d) => d.giveaway?.id === id && d.giveaway.members === 1),
      "the join",
    );
    expect(joined.data.giveaway!.participants[0]!.user.id).toBe(players[0]!.user.id);
    advanceClock(61_000);
    await runDurableObjectAlarm(room());
    const drawn = await watcher.waitFor(
      raffle((d) => d.drawn?.id === id),
      "the draw",
    );
    expect(drawn.data.drawn!.user!.id).toBe(players[0]!.user.id);
    expect(drawn.data.giveaway).toBeNull();
    watcher.close();
  });
});
