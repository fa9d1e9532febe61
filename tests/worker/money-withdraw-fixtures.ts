// Helpers for the money-withdrawal tests (docs/payments.md "Money withdrawals").
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { reconcile } from "../../worker/books/reconcile";
import { writeWaitingRound } from "./crash-fixtures";
import { catalogueItem, tag, userItem } from "./store-fixtures";
import { deposit, makeUser, post } from "./user-fixtures";

let roundSeq = 91_000;

/** A settled (lost) crash bet of `cents` by the player: it counts as a stake. */
export async function bet(userId: number, cents: number) {
  // a finished round (a waiting one would become the crash room's current round)
  const round = await writeWaitingRound(++roundSeq, {
    status: "crashed",
    crashPoint: 100,
    pot: cents,
    betsCount: 1,
    startedAt: 1,
    crashedAt: 2,
    secret: "s",
  });
  await env.DB.prepare("INSERT INTO crash_bets (id, round_id, user_id, bank, auto_withdraw, status) VALUES (?1, ?2, ?3, ?4, 200, 2)")
    .bind(crypto.randomUUID(), round.id, userId, cents)
    .run();
}

/**
 * A jackpot bet of one item worth `cents` in a round of its own: 'drawn' (staked, settlement owed)
 * or 'refunded' (the item came back: no stake). Consistent with the books' jackpot section.
 */
export async function jackpotBet(userId: number, cents: number, status: "drawn" | "refunded" = "drawn") {
  const id = 1_000_000 + ++roundSeq * 3;
  const [itemId] = await items(userId, [cents]);
  const betId = crypto.randomUUID();
  await env.DB.batch([
    env.DB.prepare("INSERT INTO jackpot_rounds (id, level, chain_index, public_hash, day_of_month, status, bank) VALUES (?1, 'low', ?1, ?2, 1, ?3, ?4)").bind(
      id,
      "f".repeat(64),
      status,
      cents,
    ),
    env.DB.prepare("INSERT INTO jackpot_bets (id, round_id, seq, user_id, price, ticket_from, ticket_to) VALUES (?1, ?2, 1, ?3, ?4, 1, ?4)").bind(
      betId,
      id,
      userId,
      cents,
    ),
    env.DB.prepare("INSERT INTO jackpot_bet_items (bet_id, round_id, item_id, price) VALUES (?1, ?2, ?3, ?4)").bind(betId, id, itemId, cents),
  ]);
}

/** A settled wheel bet of `cents` (status 2 lost, 3 refunded) in a finished round of its own. */
export async function wheelBet(userId: number, cents: number, status: 2 | 3 = 2) {
  const id = 1_000_000 + ++roundSeq;
  await env.DB.prepare("INSERT INTO wheel_rounds (id, public_hash, day_of_month, layout, status, bank) VALUES (?1, ?2, 1, '{}', 'finished', ?3)")
    .bind(id, "f".repeat(64), cents)
    .run();
  await env.DB.prepare("INSERT INTO wheel_bets (id, round_id, user_id, colour, bank, status) VALUES (?1, ?2, ?3, 'red', ?4, ?5)")
    .bind(crypto.randomUUID(), id, userId, cents, status)
    .run();
}

/** Items owned by the player, each its own catalogue entry priced `price` cents; their ids. */
export async function items(userId: number, prices: number[]): Promise<number[]> {
  const ids: number[] = [];
  for (const p of prices) ids.push(await userItem(userId, await catalogueItem(p, `Money ${tag()} | Skin (Field-Tested)`), p));
  return ids;
}

/** A player who deposited `depositCents` and bet as much, holding items at `prices`. */
export async function withdrawer(prices: number[], depositCents = 10_000) {
  const { user, token } = await makeUser();
  await deposit(user.id, depositCents);
  await bet(user.id, depositCents);
  return { id: user.id, token, items: await items(user.id, prices) };
}

export const CARD = "4111 1111 1111 1111";

export const create = (token: string, body: Record<string, unknown>) => post("/api/user/createWithdraw", body, token);
export const cancel = (token: string, id: number) => post("/api/user/cancelWithdraw", { id, type: "money" }, token);
export const decide = (token: string, body: Record<string, unknown>) => post("/api/admin/withdraws/decide", body, token);

export async function createOk(token: string, itemIds: number[], sum: number, extra: Record<string, unknown> = {}) {
  const res = await create(token, { sum, wallet: CARD, system: 3, items: itemIds, ...extra });
  expect(res.status).toBe(200);
  return ((await res.json()) as { withdraw: { id: number; status: string; date: number } }).withdraw;
}

export async function row(id: number) {
  return env.DB.prepare("SELECT * FROM money_withdrawals WHERE id = ?1")
    .bind(id)
    .first<{ status: string; amount: number; tax: number; payout: number; reason: string | null }>();
}

export async function statuses(ids: number[]) {
  const out: { owner_id: number | null; status: string }[] = [];
  for (const id of ids)
    out.push(
      (await env.DB.prepare("SELECT owner_id, status FROM inventory_items WHERE id = ?1").bind(id).first<{ owner_id: number | null; status: string }>())!,
    );
  return out;
}

export async function booksBalance() {
  const books = await reconcile(env);
  expect(books, JSON.stringify(books)).toMatchObject({ ok: true, moneyWithdrawMismatches: 0, withdrawMismatches: 0, strayWithdrawingItems: 0 });
}

/** A fresh card number passing the Luhn check (each test's own sandbox account). */
export function uniqueCard(): string {
  const body = `4${String(Date.now()).slice(-8)}${String(Math.floor(Math.random() * 1e6)).padStart(6, "0")}`;
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return body + String((10 - (sum % 10)) % 10);
}

const control = (path: string) => `${env.FREEKASSA_API_URL.replace(/\/api$/, "")}/control/${path}`;

/** The sandbox's payout outcome for `account` (tests/fakes/payments.mjs). */
export async function payoutOutcome(account: string, outcome: "success" | "failure" | "delay" | "refuse", polls?: number) {
  const res = await fetch(control("payouts/outcome"), { method: "POST", body: JSON.stringify({ account, outcome, polls }) });
  expect(res.status).toBe(200);
}

export async function sandboxPayouts(account: string) {
  const a = (await (await fetch(control("payouts"))).json()) as {
    payouts: { paymentId: string; account: string; amount: number; status: number }[];
    createCalls: number;
  };
  return a.payouts.filter((p) => p.account === account);
}
