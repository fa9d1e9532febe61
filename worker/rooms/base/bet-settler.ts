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
  /** many wins in one batch, all or none (a game without it settles its wins one by one) */
  settleWinGroup?(
    env: Env,
    wins: readonly (Omit<Win<S>, "winItem" | "kind"> & { winItem: { catalogueId: number; price: number } | null; now: number })[],
  ): Promise<{ notification?: NotificationJson | null }[]>;
  refundBet(env: Env, s: BetRefund): Promise<unknown>;
  bonusShare(env: Env, s: { roundId: number; amount: number; now: number }): Promise<unknown>;
  orphanBets(env: Env, known: ReadonlySet<string>): Promise<Orphan[]>;
}

export function betSettler<R, S extends BetSettlement>(env: Env, m: BetSettlementModule<R, S>): Settler<R, S> {
  const move = (s: { betId: string; userId: number }, now: number): BetMove => ({ betId: s.betId, userId: s.userId, now });
  const winMove = (win: Win<S>, now: number) => ({ ...win, winItem: win.winItem && { catalogueId: win.winItem.id, price: win.winItem.price }, now });
  return {
    writeRound: (row) => m.writeRound(env, row),
    async settle(s, now) {
      const any = s as BetSettlement;
      switch (any.kind) {
        case "win": {
          const { notification } = await m.settleWin(env, winMove(s as Win<S>, now));
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
      of: (s) => (s as BetSettlement).kind === "loss" || ((s as BetSettlement).kind === "win" && m.settleWinGroup !== undefined),
      async settle(group, now) {
        const losses = group.flatMap((s) => ((s as BetSettlement).kind === "loss" ? [move(s as Extract<BetSettlement, { kind: "loss" }>, now)] : []));
        const wins = group.filter((s) => (s as BetSettlement).kind === "win") as Win<S>[];
        if (losses.length > 0) await m.settleLossGroup(env, losses);
        // the losses may have landed when the wins throw: the outbox then settles the group one
        // by one, and a loss settled here is a replay there
        const told =
          wins.length > 0 && m.settleWinGroup
            ? await m.settleWinGroup(
                env,
                wins.map((w) => winMove(w, now)),
              )
            : [];
        return {
          cashback: losses.map((l) => l.userId),
          balances: wins.map((w) => w.userId),
          bells: told.flatMap((t, i) => (t.notification ? [[wins[i]!.userId, t.notification] as const] : [])),
        };
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
