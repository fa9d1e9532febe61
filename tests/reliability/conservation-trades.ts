// conservation.test.ts's ops through the trade bot and the payout provider (the fakes wired in
// tests/worker/global-setup.ts): skin deposits accepted or declined, skin withdrawals sent and
// then accepted or declined, money withdrawals approved by staff and then paid or failed. Queue
// passes run in the WithdrawQueue DO (runNow), as its alarm runs them; the outcome of each is the
// server's (the deposit's state in the history answer, the withdrawal's final status).
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { expect } from "vitest";
import { withdrawFee } from "../../shared/fees";
import { withdrawQueue } from "../../worker/withdraws/WithdrawQueue";
import type { SkinDepositJson } from "../../shared/api/skins-deposit";
import { decide, payoutOutcome, row as moneyRow, uniqueCard } from "../worker/money-withdraw-fixtures";
import { botDecide, botInventory, createDeposit, depositHistory, pass } from "../worker/skins-deposit-fixtures";
import { catalogueItem } from "../worker/store-fixtures";
import { post } from "../worker/user-fixtures";
import { botControl, drive, STALE, send } from "../worker/withdraw-fixtures";
import { type Model, type Outcome, pickItem, type World } from "./conservation-model";

export type TradeOp =
  | { kind: "skinDeposit"; p: number; prices: number[]; accept: boolean }
  | { kind: "skinWithdraw"; p: number; pick: number; accept: boolean }
  | { kind: "payout"; p: number; pick: number; paid: boolean };

export function tradeOps(player: fc.Arbitrary<number>): Array<fc.Arbitrary<TradeOp>> {
  return [
    fc.record({
      kind: fc.constant("skinDeposit" as const),
      p: player,
      prices: fc.array(fc.integer({ min: 50, max: 2_500 }), { minLength: 1, maxLength: 2 }),
      accept: fc.boolean(),
    }),
    fc.record({ kind: fc.constant("skinWithdraw" as const), p: player, pick: fc.nat(), accept: fc.boolean() }),
    fc.record({ kind: fc.constant("payout" as const), p: player, pick: fc.nat(), paid: fc.boolean() }),
  ];
}

const cents = (dollars: number) => Math.round(dollars * 100);

/**
 * A skin deposit: skins of fresh catalogue entries in the player's bot inventory, the offer made
 * (the API), accepted or declined at the bot, one queue pass. Accepted: the items the history
 * answer names join the player's inventory at the price it names; declined: nothing. Credited
 * items are trade-protected for SKINS_DEPOSIT.protectionMs (no sale, no skin withdrawal): the op
 * lets that window pass at once (tradable_after moved back, as skins-deposit.test.ts does), so
 * later ops may spend them like any item.
 */
export async function runSkinDeposit(o: Extract<TradeOp, { kind: "skinDeposit" }>, m: Model, alone: boolean): Promise<Outcome> {
  const names: string[] = [];
  for (const price of o.prices) {
    const name = `Conservation ${crypto.randomUUID().slice(0, 10)} | Skin (Field-Tested)`;
    await catalogueItem(price, name);
    names.push(name);
  }
  // the bot holds the offer until it is told (a racing skin withdrawal of the player may set it otherwise)
  await botControl(m.tradeLink, "timeout");
  const assets = await botInventory(
    m.tradeLink,
    names.map((market_hash_name) => ({ market_hash_name })),
  );
  const res = await createDeposit(m.token, { items: assets.map((a) => a.asset_id) });
  const body = (await res.json()) as { message?: string; deposit?: SkinDepositJson };
  // racing deposits of one player share his bot inventory and his one open offer: only a lone one must pass
  if (res.status !== 200) return { effect: null, refusal: body.message, mustPass: alone };
  const dep = body.deposit!;
  await botDecide(dep.offer_id!, o.accept ? "accepted" : "declined");
  await pass(dep.id);
  const { deposits } = (await (await depositHistory(m.token)).json()) as { deposits: SkinDepositJson[] };
  const done = deposits.find((d) => d.id === dep.id)!;
  expect(["accepted", "declined"], `deposit ${dep.id} ended`).toContain(done.state);
  if (alone) expect(done.state, `deposit ${dep.id} as the bot decided`).toBe(o.accept ? "accepted" : "declined");
  if (done.state !== "accepted") return { effect: { balance: 0, gain: [], lose: [] }, mustPass: true, note: "declined" };
  await env.DB.prepare("UPDATE skin_deposits SET tradable_after = ?2 WHERE id = ?1")
    .bind(dep.id, Date.now() - 1)
    .run();
  return { effect: { balance: 0, gain: done.items.map((i) => [i.item_id!, cents(i.price)]), lose: [] }, mustPass: true, note: "accepted" };
}

/**
 * A skin withdrawal of one item: the bot set to accept or decline the player's offers, the send
 * (the item locked, the fee debited), queue passes until it ends. Completed: the item left the
 * site and the fee stays with the house; canceled: the item and the fee come back.
 */
export async function runSkinWithdraw(o: Extract<TradeOp, { kind: "skinWithdraw" }>, m: Model, alone: boolean): Promise<Outcome> {
  const item = pickItem(m, o.pick);
  if (item === undefined) return { effect: { balance: 0, gain: [], lose: [] }, mustPass: false };
  const fee = withdrawFee(m.items.get(item)!);
  await botControl(m.tradeLink, o.accept ? "accept" : "decline");
  const res = await send(m.token, { items: [item] });
  const body = (await res.json()) as { message?: string; id?: string };
  if (res.status !== 200) return { effect: null, refusal: body.message, mustPass: alone && m.balance >= fee };
  let done = await drive(body.id!);
  // a racing skin deposit of the player set the bot to hold offers: this one expires (everything back)
  if (!alone && done.status === "sending") done = await drive(body.id!, { age: STALE });
  expect(["completed", "canceled"], `withdrawal ${body.id} ended`).toContain(done.status);
  // a racing op of the same player may have set the bot the other way: only a lone op knows the outcome beforehand
  if (alone) expect(done.status, `withdrawal ${body.id} as the bot decided`).toBe(o.accept ? "completed" : "canceled");
  if (done.status === "canceled") return { effect: { balance: 0, gain: [], lose: [] }, mustPass: true, note: "canceled" };
  return { effect: { balance: -fee, gain: [], lose: [item] }, mustPass: true, note: "completed" };
}

/**
 * A money withdrawal of one item to a card of its own (the payout provider's outcome is set per
 * account): created (the wagering rule, one open at a time and the minimum may refuse it); above
 * the auto-approve limit staff approve it; then payout passes until it ends. Paid: the item went
 * to the house (the player was paid outside the site); failed: the item comes back.
 */
export async function runPayout(world: World, o: Extract<TradeOp, { kind: "payout" }>, m: Model): Promise<Outcome> {
  const item = pickItem(m, o.pick);
  if (item === undefined) return { effect: { balance: 0, gain: [], lose: [] }, mustPass: false };
  const card = uniqueCard();
  await payoutOutcome(card, o.paid ? "success" : "failure");
  const res = await post("/api/user/createWithdraw", { sum: m.items.get(item)! / 100, wallet: card, system: 3, items: [item] }, m.token);
  const body = (await res.json()) as { message?: string; withdraw?: { id: number; status: string } };
  if (res.status !== 200) return { effect: null, refusal: body.message, mustPass: false };
  const id = body.withdraw!.id;
  const moderated = body.withdraw!.status === "moderation";
  if (moderated) {
    const approved = await decide(world.admin, { id, decision: "approve" });
    expect(approved.status, `staff approve withdrawal ${id}`).toBe(200);
  }
  let status = (await moneyRow(id))!.status;
  for (let i = 0; i < 6 && status === "sending"; i++) {
    await env.DB.prepare("UPDATE money_withdrawals SET next_attempt_at = 0 WHERE id = ?1").bind(id).run();
    await withdrawQueue(env).runNow();
    status = (await moneyRow(id))!.status;
  }
  expect(status, `money withdrawal ${id} as the provider paid it`).toBe(o.paid ? "completed" : "canceled");
  return {
    effect: { balance: 0, gain: [], lose: o.paid ? [item] : [] },
    mustPass: true,
    note: `${moderated ? "approved, " : ""}${o.paid ? "paid" : "failed"}`,
  };
}
