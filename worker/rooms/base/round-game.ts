// What a game gives the round-room driver (RoundRoom.ts; docs/architecture.md "How to add a game room"): its
// pure step over its state, the events its timers need from outside, its storage, its D1 calls
// (a Settler for the outbox), its views (the init frame, the bet rows) and its bank; and the
// dueEvent the bet rooms share (seededTimers).
import type { AnyFrame } from "../../../shared/rooms/frame";
import type { BankPush } from "../../lib/bank-push";
import type { Settler } from "./outbox";
import type { BoardChange } from "./board";

/** What step() asks the driver to do. */
export type RoomEffect<F, R, S, T> =
  /** to the socket whose frame caused this step */
  | { type: "reply"; frame: F }
  /** to every socket of this user */
  | { type: "send"; userId: number; frame: F }
  | { type: "broadcast"; frame: F }
  /** save the state (DO storage); `round`: also write the round's D1 row (through the outbox) */
  | { type: "persist"; round?: R }
  /** owed to D1 (through the outbox) */
  | { type: "settle"; settlement: S }
  /** The schedule effects of one step are the COMPLETE timer set: timers not listed are dropped. */
  | { type: "schedule"; name: T; at: number };

export type Outcome<K> = { ok: true } | { ok: false; key: K };

export interface StepResult<S, E, K> {
  state: S;
  effects: E[];
  /** for command events (a bet, a cash-out): accepted, or the catalogue key */
  outcome?: Outcome<K>;
}

/** The types of one game. */
export interface RoundTypes {
  state: { round: { id: number } };
  event: { type: string };
  /** what a step reads besides the state (the catalogue, the configuration) */
  context: unknown;
  /** the round's D1 row */
  row: { id: number };
  settlement: unknown;
  timer: string;
  key: string;
  client: AnyFrame;
  server: AnyFrame;
  /** a bet row of the coalesced rows frames */
  betRow: { id: string };
  /** the game's own effects (RoundRoom hands them to the shell's onEffect) */
  custom: { type: string };
}

export type EffectOf<T extends RoundTypes> = RoomEffect<T["server"], T["row"], T["settlement"], T["timer"]> | T["custom"];
export type StepOf<T extends RoundTypes> = StepResult<T["state"], EffectOf<T>, T["key"]>;

/** Where a game keeps its state in DO storage (base/bet-store.ts for the bet rooms). */
export interface StateStore<S> {
  /** the stored state, or undefined (nothing stored yet) */
  load(): Promise<S | undefined>;
  /** `state` and `extra` (the outbox entries) in ONE atomic write */
  save(state: S, extra: Record<string, unknown>): Promise<void>;
}

/**
 * A room whose sockets see a board (base/board.ts) instead of every row: each row a step broadcasts
 * goes to its owner's sockets at once (the rows frame, withRows), and every socket gets the board
 * frame at most once per `windowMs` after a change (leading: the first change goes at once).
 */
export interface BoardFrames<S, F, B> {
  windowMs: number;
  /** the user whose row it is */
  ownerOf(row: B): number;
  /** the board frame of `state`: its totals, with the top's order and its rows new since the last board */
  frame(state: S, top: BoardChange<B>): F;
  /** the round the board is of (a new round sends every top row again) */
  roundOf(state: S): number;
  /** the top rows of `state`, biggest first */
  top(state: S): B[];
}

/** The bet rows every player sees, coalesced (base/row-throttle.ts), or a board in their place. */
export interface RowFrames<F, B, S = unknown> {
  windowMs: number;
  perFrame: number;
  /** the first rows leave at once (crash, wheel), or every row waits for its window (jackpot) */
  leading: boolean;
  /** the rows a frame carries (undefined: not a rows frame; [] a rows frame nobody needs a row of) */
  rowsOf(frame: F): readonly B[] | undefined;
  /** the frame carrying `rows`, made from the latest rows frame (its round and totals) */
  withRows(latest: F, rows: B[]): F;
  /** present: rows go to their owners only and everyone sees the board (windowMs/perFrame/leading unused) */
  board?: BoardFrames<S, F, B>;
}

export interface RoundGame<T extends RoundTypes> {
  /** the room's name in the logs */
  name: string;
  /** every timer step() may schedule */
  timers: readonly T["timer"][];
  /**
   * A room that idles: its `timer` (opening the next round) does nothing while nobody watches
   * (dueEvent answers null), and once the round is `finished` the next one starts when someone
   * comes back (RoundRoom.wake). Absent: rounds follow each other whoever watches.
   */
  idle?: { timer: T["timer"]; finished(state: T["state"], now: number): boolean };
  step(state: T["state"], event: T["event"], now: number, ctx: T["context"]): StepOf<T>;
  context(state: T["state"]): Promise<T["context"]>;
  /** the event of a restart: catch up with the clock, reschedule */
  restore: T["event"];
  /** a step that writes nothing when it changed nothing worth it (crash's running tick) */
  quiet?(event: T["event"]): boolean;
  /** the event of a due timer, with what it needs from outside (a seed, D1's bets); null: nothing to do */
  dueEvent(name: T["timer"], state: T["state"], watched: boolean): Promise<T["event"] | null>;
  store: StateStore<T["state"]>;
  /** a room with nothing stored: its first round (undefined: not known yet, e.g. a jackpot level no call named) */
  firstState(): Promise<T["state"] | undefined>;
  roundRow(state: T["state"]): T["row"];
  settler: Settler<T["row"], T["settlement"]>;
  /** settlements for bets D1 took that neither the state nor the outbox knows (refunds), at restore */
  orphans?(state: T["state"], owed: readonly T["settlement"][]): Promise<T["settlement"][]>;
  rows: RowFrames<T["server"], T["betRow"], T["state"]>;
  /** the round's bank in cents (the mode bar) */
  bank(state: T["state"]): number;
  bankPush(owe: (at: number) => void): BankPush;
  /** the frame a socket gets on joining and after identity */
  initFrame(state: T["state"], userId: number | null, maintenance: boolean, now: number): T["server"] | Promise<T["server"]>;
}

/** The events of a bet room's timers: each its plain timer event, and `next` with the next round's seed. */
type TimerEvent<T extends string, Seed> = { type: "timer"; name: Exclude<T, "next"> } | { type: "timer"; name: "next"; nextRound: Seed };

/**
 * RoundGame.dueEvent of a room whose `next` timer opens the chain's next round (crash, wheel): a
 * plain timer event for the others; for `next` the seed of round id + 1, or nothing while nobody
 * watches (the room idles until someone comes back: RoundGame.idle).
 */
export function seededTimers<T extends string, Seed>(seed: (k: number, now: number) => Promise<Seed>) {
  return async (name: T, s: { round: { id: number } }, watched: boolean): Promise<TimerEvent<T, Seed> | null> => {
    if (name !== "next") return { type: "timer", name: name as Exclude<T, "next"> };
    if (!watched) return null;
    return { type: "timer", name: "next", nextRound: await seed(s.round.id + 1, Date.now()) };
  };
}
