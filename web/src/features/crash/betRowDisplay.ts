// A crash bet row (§4 Crash bet row) and the bet list's item overflow.
import { UI } from "../../../../shared/constants";

export type BetRowKind = "in-round" | "win" | "lose";

export interface BetRowFields {
  is_win: number;
  win: number;
  bank: number;
}

/** In-round while undecided; win with a win amount; lose with the flag set but no amount. */
export function betRowKind(bet: BetRowFields): BetRowKind {
  if (!bet.is_win) return "in-round";
  return bet.win > 0 ? "win" : "lose";
}

/** The row shows the win amount, otherwise the bank. */
export function betRowAmount(bet: BetRowFields): number {
  return bet.win > 0 ? bet.win : bet.bank;
}

/** How many item pictures a row shows, and the "+N" for the rest (items sent + itemsMore). */
export function itemsShown(itemsSent: number, itemsMore: number, wide: boolean): { shown: number; more: number } {
  const limit = wide ? UI.betRowItems.wide : UI.betRowItems.normal;
  const shown = Math.min(itemsSent, limit);
  return { shown, more: itemsSent - shown + Math.max(0, itemsMore) };
}
