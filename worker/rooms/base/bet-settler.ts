// The outbox's D1 calls for the rooms whose settlements are per bet (crash, wheel): a win, a loss
// (many losses in one batch), a refund, the round's bonus share — each from the game's
// settlement.ts — and the orphans: bets D1 took while the room that decided them was lost.
import type { NotificationJson } from "../../../shared/api/user";
import type { BetMove, BetRefund } from "./bet-moves";
import { type Settler, settlementKey } from "./outbox";

/** What the bet rooms' settlements share (a room's own union adds its fields). */
export type BetSettlement =
  | { kind: "win"; roundId: number; betId: string; userId: number; winItem: { id: number; price: number } | null }
  | { kind: "loss"; roundId: number; betId: string; userId: number }
  // value: the balance part, cents (an entry staged before balance stakes has none: 0)
  | { kind: "refund"; roundId: number; betId: string; userId: number; value?: number }
  | { kind: "bonusShare"; roundId: number; amount: number };

type Win<S> = Extract<S, { kind: "win" }>;
type Orphan = { betId: string; roundId: number; userId: number; value: number };

/** A bet room's settlement.ts, as the outbox calls it (crash and the wheel export these names). */
export interface BetSettlementModule<R, S extends BetSettlement> {
  writeRound(env: Env, row: R): Promise<void>;
  settleWin(
    env: Env,
    s: Omit<Win<S>, "winItem" | "kind"> & { winItem: { catalogueId: number; price: number } | null; now: number },
  ): Promise<{ notification?: NotificationJson | null }>;
  settleLoss(env: Env, s: BetMove): Promise<{ done: "settled" | "replay" }>;
  settleLossGroup(env: Env, losses: readonly BetMove[]): Promise<void>;
  refundBet(env: Env, s: BetRefund): Promise<unknown>;
  bonusShare(env: Env, s: { roundId: number; amount: number; now: number }): Promise<unknown>;
  orphanBets(env: Env, known: ReadonlySet<string>): Promise<Orphan[]>;
}

export function betSettler<R, S extends BetSettlement>(env: Env, m: BetSettlementModule<R, S>): Settler<R, S> {
  const move = (s: { betId: string; userId: number }, now: number): BetMove => ({ betId: s.betId, userId: s.userId, now });
  return {
    writeRound: (row) => m.writeRound(env, row),
    async settle(s, now) {
      const any = s as BetSettlement;
      switch (any.kind) {
        case "win": {
          const win = s as Win<S>;
          const { notification } = await m.settleWin(env, { ...win, winItem: win.winItem && { catalogueId: win.winItem.id, price: win.winItem.price }, now });
          // every winner: the remainder may be 0 and the win still credited in cash (a win pays
          // at current prices: an item that got dearer than the win is not minted)
          return { balances: [any.userId], bells: notification ? [[any.userId, notification]] : [] };
        }
        case "loss":
          return (await m.settleLoss(env, move(any, now))).done === "settled" ? { cashback: [any.userId] } : {};
        case "refund":
          await m.refundBet(env, { ...move(any, now), roundId: any.roundId, value: any.value ?? 0 });
          // a balance part came back: the header shows it
          return (any.value ?? 0) > 0 ? { balances: [any.userId] } : {};
        case "bonusShare":
          await m.bonusShare(env, { roundId: any.roundId, amount: any.amount, now });
          return { bonusBank: true };
      }
    },
    group: {
      of: (s) => (s as BetSettlement).kind === "loss",
      async settle(losses, now) {
        const moves = losses.map((s) => move(s as Extract<BetSettlement, { kind: "loss" }>, now));
        await m.settleLossGroup(env, moves);
        return { cashback: moves.map((l) => l.userId) };
      },
    },
    keyOf(s) {
      const any = s as BetSettlement;
      return settlementKey(any.roundId, `${any.kind}:${"betId" in any ? any.betId : ""}`);
    },
  };
}

/**
 * Bets D1 took while the room that decided them was lost (neither in `bets`, the room's state,
 * nor in a settlement still `owed`): the refunds to stage, so their items go back.
 */
export async function orphanRefunds(
  env: Env,
  m: Pick<BetSettlementModule<unknown, BetSettlement>, "orphanBets">,
  bets: readonly { id: string }[],
  owed: readonly BetSettlement[],
): Promise<Array<Orphan & { kind: "refund" }>> {
  const known = new Set([...bets.map((b) => b.id), ...owed.flatMap((s) => ("betId" in s ? [s.betId] : []))]);
  return (await m.orphanBets(env, known)).map((o) => ({ kind: "refund", ...o }));
}
