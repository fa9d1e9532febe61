// Helpers for the skins-deposit worker tests: a player with a trade link whose fake-bot inventory
// holds skins of fresh catalogue entries (plus one the catalogue does not know and one not
// tradable), the offer's outcome set per link, and queue passes driven with time moved in D1.
import { env } from "cloudflare:workers";
import { withdrawQueue } from "../../worker/withdraws/WithdrawQueue";
import { catalogueItem } from "./store-fixtures";
import { makeUser, post } from "./user-fixtures";
import { botControl, type BotMode, uniqueTradeLink } from "./withdraw-fixtures";

export interface ListedJson {
  asset_id: string;
  market_hash_name: string;
  price: number | null;
  accepted: boolean;
}

/** Sets the fake bot's inventory of a link; answers the items with their asset ids. */
export async function botInventory(tradeLink: string, items: { market_hash_name: string; tradable?: boolean; tradable_after?: number }[]) {
  const res = await fetch(`${env.TRADE_BOT_URL}/control/inventory`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ trade_link: tradeLink, items }),
  });
  if (res.status !== 200) throw new Error(`bot inventory ${res.status}`);
  return ((await res.json()) as { items: { asset_id: string; market_hash_name: string; tradable: boolean }[] }).items;
}

/** Decides an open offer at the fake bot now. */
export async function botDecide(offerId: string, state: "accepted" | "declined" | "expired") {
  const res = await fetch(`${env.TRADE_BOT_URL}/control/offers/${encodeURIComponent(offerId)}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ state }),
  });
  if (res.status !== 200) throw new Error(`bot decide ${res.status}`);
}

/**
 * A player with a trade link (unless null) whose bot inventory holds one skin per price (fresh
 * catalogue entries), one skin the catalogue does not know and one known but not tradable.
 */
/** When the fixture's locked skin becomes tradable, as the bot reports it (Steam's hold date). */
export const LOCKED_UNTIL = Date.UTC(2030, 0, 2, 7);

export async function depositor(opts: { prices?: number[]; tradeLink?: string | null; mode?: BotMode } = {}) {
  const tradeLink = opts.tradeLink === undefined ? uniqueTradeLink() : opts.tradeLink;
  const { user, token } = await makeUser({ tradeLink });
  const names: string[] = [];
  for (const price of opts.prices ?? [1_250, 300]) {
    const name = `Deposit ${crypto.randomUUID().slice(0, 10)} | Skin (Field-Tested)`;
    await catalogueItem(price, name);
    names.push(name);
  }
  const locked = `Deposit ${crypto.randomUUID().slice(0, 10)} | Locked (Field-Tested)`;
  await catalogueItem(500, locked);
  const link = tradeLink ?? uniqueTradeLink();
  const assets = await botInventory(link, [
    ...names.map((market_hash_name) => ({ market_hash_name })),
    { market_hash_name: `Unknown ${crypto.randomUUID().slice(0, 8)} | Nothing (Field-Tested)` },
    { market_hash_name: locked, tradable: false, tradable_after: LOCKED_UNTIL },
  ]);
  await botControl(link, opts.mode ?? "timeout");
  const known = assets.slice(0, names.length).map((a) => a.asset_id);
  return { user, token, tradeLink: link, known, unknown: assets[names.length]!.asset_id, locked: assets[names.length + 1]!.asset_id };
}

export const listInventory = (token: string | undefined) => post("/api/payment/skins/inventory", {}, token);
export const createDeposit = (token: string | undefined, body: unknown) => post("/api/payment/skins/create", body, token);
export const depositHistory = (token: string | undefined) => post("/api/payment/skins/history", {}, token);

export interface DepositRow {
  id: string;
  user_id: number;
  offer_id: string | null;
  state: string;
  amount: number;
  credited_at: number | null;
  tradable_after: number | null;
  created_at: number;
}

export async function depositRow(id: string): Promise<DepositRow> {
  return (await env.DB.prepare("SELECT * FROM skin_deposits WHERE id = ?1").bind(id).first<DepositRow>())!;
}

/** The items the player holds (inventory rows), by catalogue name. */
export async function heldItems(userId: number) {
  const { results } = await env.DB.prepare(
    "SELECT i.id, i.price, i.status, c.market_hash_name FROM inventory_items i JOIN catalogue c ON c.id = i.catalogue_id WHERE i.owner_id = ?1 ORDER BY i.id",
  )
    .bind(userId)
    .all<{ id: number; price: number; status: string; market_hash_name: string }>();
  return results;
}

/** Makes the deposit due (and, with `age`, that much older) and runs one queue pass. */
export async function pass(id: string, age = 0) {
  await env.DB.prepare("UPDATE skin_deposits SET next_attempt_at = 0, created_at = created_at - ?2 WHERE id = ?1").bind(id, age).run();
  await withdrawQueue(env).runNow();
  return depositRow(id);
}
