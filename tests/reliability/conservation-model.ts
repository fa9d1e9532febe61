// What conservation.test.ts and its op modules (conservation-games.ts, conservation-trades.ts) share:
// the model of a player, what an operation moved as the server answered it, the world of a run.
import type { TestCase } from "../worker/cases-fixtures";

export interface Model {
  id: number;
  token: string;
  /** the player's trade link (the fake trade bot's outcomes are set per link) */
  tradeLink: string;
  balance: number;
  /** available items: inventory id → catalogue price (cents) */
  items: Map<number, number>;
}

/** One player's share of what an operation moved. */
export interface Move {
  balance: number;
  gain: Array<[number, number]>;
  lose: number[];
}

/** What an operation moved, as the server answered it; null when it was refused. */
export interface Effect extends Move {
  /** other players moved by the same operation (the referrer's share of a deposit, the other bettors of a jackpot round, prize winners) */
  others?: Array<[number, Move]>;
}
/** `note`: how a passed op ended (drawn / refunded, accepted / declined, paid / failed …), counted in the summary. */
export type Outcome = { effect: Effect | null; refusal?: string; mustPass: boolean; note?: string };

export interface World {
  players: Model[];
  admin: string;
  box: TestCase;
}

/** The item the op picks among what the model holds now (racing ops may pick the same one). */
export const pickItem = (m: Model, pick: number): number | undefined => [...m.items.keys()].sort((a, b) => a - b)[pick % Math.max(1, m.items.size)];

/** Runs the calls given to it one after another (the pool has one open round, a tournament runs alone). */
export function serial(): <T>(f: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(f: () => Promise<T>) => {
    const next = tail.then(f);
    tail = next.catch(() => undefined);
    return next;
  };
}
