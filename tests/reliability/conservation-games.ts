// conservation.test.ts's ops of several players at once: jackpot rounds played to the draw (or the
// single player's refund), the bonus pool's draw, tournaments joined and paid. Each drives the
// room's own settlement functions, as the crash and wheel ops do; the model's change comes from
// what the draw decided (the winner, the commission, the pool's bank and places, the ranking).
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { expect } from "vitest";
import { bonusSplit, bonusWinners } from "../../shared/bonus";
import { JACKPOT, TOURNAMENT } from "../../shared/constants";
import { jackpotTicket } from "../../shared/fairness";
import { run } from "../../worker/db/sql";
import { betOfTicket } from "../../worker/jackpot/tickets";
import { sessionOfFrame } from "../../worker/lib/socket-identity";
import type { JackpotBet } from "../../worker/jackpot/types";
import { closeRound as closeBonus, joinRound, roundToOpen, settleDraw, writeRound as writeBonusRound } from "../../worker/rooms/bonus/settlement";
import { selectCommission } from "../../worker/rooms/jackpot/logic";
import { closeRound, placeBet, refundRound, settleRound, writeRound } from "../../worker/rooms/jackpot/settlement";
import { finishTournament, startStatement } from "../../worker/tournaments/batches";
import { latestTournament, openTournament, topPlaces, type TournamentRow } from "../../worker/tournaments/queries";
import { post } from "../worker/user-fixtures";
import { type Effect, type Move, type Model, type Outcome, pickItem, serial, type World } from "./conservation-model";

const LOW = JACKPOT.levelDefaults.low;
/** The tournament's prizes (cents, places 1–5; a 0 prize pays nothing). */
const TOURNAMENT_PRIZES = [700, 300, 150, 0, 50];

export type GameOp =
  | { kind: "jackpot"; p: number; bets: Array<{ q: number; pick: number; withItem: boolean; valueCents: number }> }
  | { kind: "bonus"; p: number; joiners: number[] }
  | { kind: "tournament"; p: number; finish: boolean };

export function gameOps(player: fc.Arbitrary<number>): Array<fc.Arbitrary<GameOp>> {
  const bet = fc.record({ q: player, pick: fc.nat(), withItem: fc.boolean(), valueCents: fc.integer({ min: 0, max: 1_200 }) });
  return [
    // one time in three the first player bets a second time in the same round (a loser with several bets)
    fc
      .tuple(fc.uniqueArray(bet, { selector: (b) => b.q, minLength: 1, maxLength: 3 }), fc.option(bet, { freq: 2 }))
      .map(([bets, again]) => ({ kind: "jackpot" as const, p: bets[0]!.q, bets: again ? [...bets, { ...again, q: bets[0]!.q }] : bets })),
    fc.uniqueArray(player, { minLength: 1, maxLength: 4 }).map((joiners) => ({ kind: "bonus" as const, p: joiners[0]!, joiners })),
    // one in four ends the running tournament: the others join it, so bets settled in between earn points
    fc.record({ kind: fc.constant("tournament" as const), p: player, finish: fc.nat({ max: 3 }).map((n) => n === 0) }),
  ];
}

/** The players an op touches (an op is "alone" when none of them runs anything else in its step). */
export function playersOf(o: GameOp): number[] {
  if (o.kind === "jackpot") return o.bets.map((b) => b.q);
  if (o.kind === "bonus") return o.joiners;
  return [o.p];
}

let jackpotRoundSeq = 5_000_000;
const hex = () => crypto.randomUUID().replaceAll("-", "") + crypto.randomUUID().replaceAll("-", "");
/** One bonus round and one tournament at a time (both are global): their ops take turns. */
const bonusTurn = serial();
const tournamentTurn = serial();

/** Moves of several players merged into one effect (the first player's, the rest as `others`). */
function effectOf(p: number, moves: Map<number, Move>): Effect {
  const own = moves.get(p) ?? { balance: 0, gain: [], lose: [] };
  return { ...own, others: [...moves.entries()].filter(([q]) => q !== p) };
}

const moveOf = (moves: Map<number, Move>, q: number): Move => {
  const m = moves.get(q) ?? { balance: 0, gain: [], lose: [] };
  moves.set(q, m);
  return m;
};

/**
 * A jackpot round (level low's limits): the bets land concurrently (items and/or balance); one
 * player alone → the timeout's refund (everything back); two or more → bets close, the draw picks
 * the winning ticket from the round's secret (the room's jackpotTicket / betOfTicket /
 * selectCommission) and settleRound pays it: every bettor loses his stake (items and balance
 * part), the winner gets every item the house did not take as commission and the balance part
 * less the cash commission — all as the draw decided.
 */
export async function runJackpot(world: World, o: Extract<GameOp, { kind: "jackpot" }>, alone: boolean): Promise<Outcome> {
  const roundId = ++jackpotRoundSeq;
  await writeRound(env, { id: roundId, level: "low", chainIndex: roundId, publicHash: hex(), dayOfMonth: 1, createdAt: Date.now() });
  const tries = o.bets.map((b) => {
    const m = world.players[b.q]!;
    const item = b.withItem ? pickItem(m, b.pick) : undefined;
    const price = (item === undefined ? 0 : m.items.get(item)!) + b.valueCents;
    return { b, m, item, canPass: price >= LOW.minBetCents && m.balance >= b.valueCents };
  });
  const placed = await Promise.all(
    tries.map(async (t) => {
      const betId = crypto.randomUUID();
      // the bettor's live session, as the room takes it from his socket's identity frame
      const session = (await sessionOfFrame(env, t.m.token))!.tokenHash;
      const res = await placeBet(env, {
        roundId,
        betId,
        userId: t.m.id,
        itemIds: t.item === undefined ? [] : [t.item],
        value: t.b.valueCents,
        session,
        minBetCents: LOW.minBetCents,
        maxPlayers: LOW.maxPlayers,
        maxItemsPerPlayer: LOW.maxItemsPerPlayer,
        now: Date.now(),
      });
      return { ...t, betId, res };
    }),
  );
  const refused = placed.filter((x) => !x.res.ok);
  if (refused.some((x) => alone && x.canPass)) {
    return { effect: null, refusal: JSON.stringify(refused.map((x) => x.res)), mustPass: true };
  }
  const landed = placed.flatMap((x) => (x.res.ok ? [{ ...x, res: x.res }] : []));
  const moves = new Map<number, Move>();
  for (const x of landed) {
    const mv = moveOf(moves, x.b.q);
    mv.balance -= x.res.value;
    mv.lose.push(...x.res.items.map((i) => i.id));
  }
  if (landed.length < 2) {
    // nobody, or one player alone: the round times out and gives his stake back whole
    expect((await refundRound(env, roundId)).done).toBe("settled");
    if (landed.length === 0) return { effect: null, refusal: JSON.stringify(refused.map((x) => x.res)), mustPass: false };
    return { effect: effectOf(o.p, new Map()), mustPass: true, note: "refunded" };
  }
  // bets close; the draw on what D1 holds (bet order = seq)
  await closeRound(env, roundId, Date.now());
  const bets: JackpotBet[] = landed
    .map((x) => ({
      id: x.betId,
      seq: x.res.seq,
      user: { id: x.m.id, username: "", avatar: "" },
      items: x.res.items,
      value: x.res.value,
      price: x.res.price,
      from: x.res.from,
      to: x.res.to,
      createdAt: Date.now(),
    }))
    .sort((a, b) => a.seq - b.seq);
  const pot = bets.reduce((s, b) => s + b.price, 0);
  const cash = bets.reduce((s, b) => s + (b.value ?? 0), 0);
  const secret = hex();
  const winningTicket = jackpotTicket(secret, env.JACKPOT_SALT, pot);
  const winnerId = betOfTicket(bets, winningTicket).user.id;
  const commission = selectCommission(bets, winnerId, pot, JACKPOT.commissionPercent);
  const taken = new Set(commission.items.map((i) => i.itemId));
  const losers = new Map<number, number>();
  for (const b of bets) if (b.user.id !== winnerId) losers.set(b.user.id, (losers.get(b.user.id) ?? 0) + b.price);
  const settled = await settleRound(env, {
    roundId,
    secret,
    winningTicket,
    winnerId,
    pot,
    commissionDue: commission.due,
    commissionItemIds: [...taken],
    commission: commission.taken,
    cash,
    commissionCash: commission.cash ?? 0,
    win: pot - commission.taken,
    losers: [...losers].map(([userId, lost]) => ({ userId, lost })),
    bonusShare: Math.floor((pot * JACKPOT.bonusSharePercent) / 100),
    drawnAt: Date.now(),
  });
  expect(settled.done).toBe("settled");
  const winner = landed.find((x) => x.m.id === winnerId)!.b.q;
  const won = moveOf(moves, winner);
  won.balance += cash - (commission.cash ?? 0);
  for (const b of bets) for (const i of b.items) if (!taken.has(i.id)) won.gain.push([i.id, i.price]);
  // the winner's own items come back to him: no move at all (a racing op of his may spend them again after the draw, in either order)
  const back = new Set(won.lose.filter((id) => won.gain.some(([g]) => g === id)));
  won.lose = won.lose.filter((id) => !back.has(id));
  won.gain = won.gain.filter(([id]) => !back.has(id));
  const several = [...losers.keys()].some((id) => bets.filter((b) => b.user.id === id).length > 1);
  return { effect: effectOf(o.p, moves), mustPass: true, note: `drawn (${bets.length} bets${several ? ", a loser with several" : ""})` };
}

/**
 * The bonus pool's draw: the open round (opened here when none is) is joined by the op's players,
 * closed (the next round opens in the same batch), drawn with the room's bonusWinners /
 * bonusSplit on the bank D1 closed it with — the jackpot rounds' shares fed it — and paid by
 * settleDraw: each place's amount to its winner's balance, the rest carried over.
 */
export function runBonus(world: World, o: Extract<GameOp, { kind: "bonus" }>): Promise<Outcome> {
  return bonusTurn(async () => {
    let open = (await roundToOpen(env)).open;
    if (!open) {
      const { nextId } = await roundToOpen(env);
      await writeBonusRound(env, { id: nextId, publicHash: hex(), dayOfMonth: 1, createdAt: Date.now(), endsAt: null });
      open = (await roundToOpen(env)).open!;
    }
    const roundId = open.roundId;
    const joined = await Promise.all(o.joiners.map((q) => joinRound(env, roundId, world.players[q]!.id, Date.now())));
    expect(
      joined.every((j) => j.joined),
      "an open round takes every join",
    ).toBe(true);
    const drawn = await closeBonus(env, roundId, { id: roundId + 1, publicHash: hex(), secret: hex(), dayOfMonth: 1 }, Date.now());
    const secret = hex();
    const picked = bonusWinners(secret, env.BONUS_SALT, drawn.participants);
    const amounts = bonusSplit(drawn.bank, picked.length);
    const winners = picked.map((u, i) => ({ userId: u.id, place: i + 1, amount: amounts[i] ?? 0 }));
    const carried = drawn.bank - amounts.reduce((s, a) => s + a, 0);
    await settleDraw(
      env,
      {
        kind: "draw",
        roundId,
        nextRoundId: roundId + 1,
        bank: drawn.bank,
        secret,
        participants: drawn.participants.length,
        winners,
        carried,
        drawnAt: Date.now(),
      },
      Date.now(),
    );
    const moves = new Map<number, Move>();
    for (const w of winners) moveOf(moves, indexOf(world, w.userId)).balance += w.amount;
    return { effect: effectOf(o.p, moves), mustPass: true, note: winners.some((w) => w.amount > 0) ? "paid" : "nothing to pay" };
  });
}

/**
 * A tournament: started from a template when none runs, the player joins it (the API); with
 * `finish` and one running, it ends now instead — finishTournament pays places 1–5 of the table
 * (points from the bets settled since each joined) from the house. The model credits what the
 * finished tournament recorded as its winners' prizes. A run's leftover tournament is cancelled (nothing paid) when
 * the next run starts (conservation.test.ts newWorld).
 */
export function runTournament(world: World, o: Extract<GameOp, { kind: "tournament" }>, m: Model): Promise<Outcome> {
  return tournamentTurn(async () => {
    const now = Date.now();
    const open = await openTournament(env);
    if (o.finish && open) return finish(world, o, open);
    if (!open) {
      await run(
        env.DB,
        startStatement(
          {
            enabled: 0,
            name_ru: "Консервация",
            name_en: "Conservation",
            description_ru: "",
            description_en: "",
            duration_ms: 24 * 60 * 60_000,
            prizes: JSON.stringify(TOURNAMENT_PRIZES),
            min_payment: 0,
          },
          now,
        ),
      );
    }
    const res = await post("/api/tournaments/setActive", {}, m.token);
    const body = (await res.json()) as { message?: string };
    if (res.status !== 200) return { effect: null, refusal: body.message, mustPass: true };
    return { effect: { balance: 0, gain: [], lose: [] }, mustPass: true, note: "joined" };
  });
}

/** The running tournament ends now: places 1–5 paid as finishTournament decides; the model credits the prizes it recorded. */
async function finish(world: World, o: Extract<GameOp, { kind: "tournament" }>, row: TournamentRow): Promise<Outcome> {
  const top = await topPlaces(env, row.id, TOURNAMENT.prizes);
  expect((await finishTournament(env, row, top, null, Date.now())).done).toBe("paid");
  const finished = (await latestTournament(env))!;
  expect(finished).toMatchObject({ id: row.id, status: "finished" });
  const moves = new Map<number, Move>();
  for (const w of JSON.parse(finished.winners ?? "[]") as Array<{ user_id: number; prize: number }>)
    moveOf(moves, indexOf(world, w.user_id)).balance += w.prize;
  return { effect: effectOf(o.p, moves), mustPass: true, note: moves.size > 0 ? "paid" : "finished, no points" };
}

/** The index of a player of this run (a prize to anyone else is a leak from an earlier run). */
function indexOf(world: World, userId: number): number {
  const i = world.players.findIndex((m) => m.id === userId);
  expect(i, `user ${userId} is no player of this run`).toBeGreaterThanOrEqual(0);
  return i;
}
