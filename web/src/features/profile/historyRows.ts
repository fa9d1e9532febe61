// Small readings of the typed history rows (shared/api/history.ts) the tables share.
import { BET_PENDING, BET_WON } from "../../../../shared/api/crash";
import type { CaseHistoryRow, CrashHistoryRow, JackpotHistoryRow, WithdrawHistoryRow } from "../../../../shared/api/history";
import type { SkinDepositJson } from "../../../../shared/api/skins-deposit";
import { OPS } from "../../../../shared/constants";

/** A bet's or a jackpot round's state as the status column names it. */
export type GameStatus = JackpotHistoryRow["status"];

/** is_win 0 pending, 1 won, 2 lost (§3 Crash bet). */
export function betStatus(isWin: CrashHistoryRow["is_win"]): GameStatus {
  return isWin === BET_PENDING ? "pending" : isWin === BET_WON ? "won" : "lost";
}

/**
 * Where a case opening is checked: the case's own roll check (it needs that case's weights), with
 * the roll's server seed hash, client seed and nonce in the query (FairnessBlock reads them; the
 * player adds the server seed once a rotation revealed it).
 */
export function caseVerifyHref(row: Pick<CaseHistoryRow, "case_id" | "server_seed_hash" | "client_seed" | "nonce">): string {
  const q = new URLSearchParams({ server_seed_hash: row.server_seed_hash, client_seed: row.client_seed, nonce: String(row.nonce) });
  return `/cases/${row.case_id}?${q}#case-fair`;
}

/**
 * The cancel button shows only where the row offers the cancel action (the server sets `action`
 * "cancel" while a money withdrawal is in moderation; a skin withdrawal never has it).
 */
export function canCancelWithdrawal(row: WithdrawHistoryRow): row is Extract<WithdrawHistoryRow, { type: "money" }> {
  return "type" in row && row.type === "money" && row.action === "cancel";
}

/**
 * A skin request the trade bot has not made the offer for in OPS.stuckTradeMs: it keeps trying
 * with the same reference and the items stay reserved (docs/operations.md "Trade bot"), so the
 * player is told it waits on the bot rather than left with a bare "sending".
 */
export function waitsOnBot(row: WithdrawHistoryRow | SkinDepositJson, now: number): boolean {
  if ("state" in row) return row.state === "sending" && now - row.created_at >= OPS.stuckTradeMs;
  return row.system === "skins" && row.status === "sending" && !row.offer && now - row.date >= OPS.stuckTradeMs;
}
