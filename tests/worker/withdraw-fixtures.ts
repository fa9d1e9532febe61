// Helpers for the skin-withdrawal worker tests: a player ready to withdraw (deposit, trade link,
// items), the fake trade bot's control (per trade link, so tests never share an outcome), and
// driving the WithdrawQueue DO pass by pass with time moved forward in D1.
import { env } from "cloudflare:workers";
import { WITHDRAW } from "../../shared/constants";
import { withdrawQueue } from "../../worker/withdraws/WithdrawQueue";
import { catalogueItem, userItem } from "./store-fixtures";
export { stakeInCrash } from "./store-fixtures";
import { deposit, makeUser, post } from "./user-fixtures";

export type BotMode = "accept" | "decline" | "timeout" | "unavailable" | "reject" | "lost" | "dropped";

/** A trade link no other test uses (the fake bot's modes are per link). */
export function uniqueTradeLink(): string {
  return `https://steamcommunity.com/tradeoffer/new/?partner=${Math.floor(Math.random() * 1e9)}&token=${crypto.randomUUID().slice(0, 8)}`;
}

/**
 * A player with `depositCents` deposited (0 = none), a trade link (unless null) and one
 * 'available' item per price in `prices` (cents); the bot's mode for the link is `mode`.
 */
export async function withdrawer(opts: { prices?: number[]; depositCents?: number; tradeLink?: string | null; mode?: BotMode; acceptAfterMs?: number } = {}) {
  const tradeLink = opts.tradeLink === undefined ? uniqueTradeLink() : opts.tradeLink;
  const { user, token } = await makeUser({ tradeLink });
  const depositCents = opts.depositCents ?? 10_000;
  if (depositCents > 0) await deposit(user.id, depositCents);
  const itemIds: number[] = [];
  for (const price of opts.prices ?? [1_000, 255]) {
    const cat = await catalogueItem(price, `Withdraw ${crypto.randomUUID().slice(0, 10)} | Skin (Field-Tested)`);
    itemIds.push(await userItem(user.id, cat, price));
  }
  if (tradeLink) await botControl(tradeLink, opts.mode ?? "accept", opts.acceptAfterMs ?? 0);
  return { user, token, tradeLink: tradeLink ?? "", itemIds };
}

export async function botControl(tradeLink: string, mode: BotMode, acceptAfterMs = 0) {
  const res = await fetch(`${env.TRADE_BOT_URL}/control`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ trade_link: tradeLink, mode, acceptAfterMs }),
  });
  if (res.status !== 200) throw new Error(`bot control ${res.status}`);
}

export interface BotOffer {
  offer_id: string;
  reference: string;
  trade_link: string;
  items: { id: number; market_hash_name: string }[];
  state: string;
}

/** The offers the fake bot holds for a link and how many sends it was asked for. */
export async function botOffers(tradeLink: string): Promise<{ offers: BotOffer[]; sendCalls: number }> {
  const res = await fetch(`${env.TRADE_BOT_URL}/control/offers?trade_link=${encodeURIComponent(tradeLink)}`);
  return (await res.json()) as { offers: BotOffer[]; sendCalls: number };
}

export const send = (token: string | undefined, body: unknown) => post("/api/withdraws/send", body, token);
export const preview = (token: string | undefined, body: unknown) => post("/api/withdraws/preview", body, token);

export interface WithdrawalRow {
  id: string;
  user_id: number;
  status: string;
  trade_link: string;
  amount: number;
  fee: number;
  offer_id: string | null;
  offer_sent_at: number | null;
  attempts: number;
  next_attempt_at: number;
  outcome: string | null;
  created_at: number;
  finished_at: number | null;
}

export async function withdrawal(id: string): Promise<WithdrawalRow | null> {
  return env.DB.prepare("SELECT * FROM withdrawals WHERE id = ?1").bind(id).first<WithdrawalRow>();
}

export async function withdrawalsOf(userId: number): Promise<WithdrawalRow[]> {
  const { results } = await env.DB.prepare("SELECT * FROM withdrawals WHERE user_id = ?1 ORDER BY created_at").bind(userId).all<WithdrawalRow>();
  return results;
}

export async function itemStatuses(ids: number[]): Promise<string[]> {
  const { results } = await env.DB.prepare("SELECT id, status FROM inventory_items WHERE id IN (SELECT value FROM json_each(?1))")
    .bind(JSON.stringify(ids))
    .all<{ id: number; status: string }>();
  return ids.map((id) => results.find((r) => r.id === id)?.status ?? "missing");
}

export async function withdrawLedger(id: string) {
  const { results } = await env.DB.prepare("SELECT account, delta, kind, idempotency_key FROM ledger WHERE reference = ?1 ORDER BY id")
    .bind(`withdrawal:${id}`)
    .all<{ account: string; delta: number; kind: string; idempotency_key: string }>();
  return results;
}

export async function notificationsOf(userId: number) {
  const { results } = await env.DB.prepare("SELECT name, content FROM notifications WHERE user_id = ?1 ORDER BY id")
    .bind(userId)
    .all<{ name: string; content: string }>();
  return results;
}

/**
 * Runs queue passes (on the "queue" DO, or on `stub`) until the withdrawal leaves 'sending',
 * making it due before each pass. `age` moves the offer's send time back (ms) once it exists,
 * as if that much time had passed. Answers the final row.
 */
export async function drive(id: string, opts: { maxPasses?: number; age?: number; stub?: ReturnType<typeof withdrawQueue> } = {}) {
  const stub = opts.stub ?? withdrawQueue(env);
  for (let i = 0; i < (opts.maxPasses ?? 10); i++) {
    await makeDue(id, opts.age ?? 0);
    await stub.runNow();
    const row = await withdrawal(id);
    if (row?.status !== "sending") return row!;
  }
  return (await withdrawal(id))!;
}

/** Makes the withdrawal due now; with `age`, its offer is that much older. */
export async function makeDue(id: string, age = 0) {
  await env.DB.prepare(
    "UPDATE withdrawals SET next_attempt_at = 0, offer_sent_at = CASE WHEN offer_sent_at IS NULL THEN NULL ELSE offer_sent_at - ?2 END WHERE id = ?1",
  )
    .bind(id, age)
    .run();
}

/** The age that makes an open offer stale (older than WITHDRAW.offerTtlMs). */
export const STALE = WITHDRAW.offerTtlMs + 1_000;
