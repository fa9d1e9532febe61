// Normalises the history rows of /api/user/getProfile and /api/user/getUser into the columns of
// §3 "History columns". The modes define their rows; this accepts the spec's field names
// (crash bet: id, items, bank, multiplier, is_win 0/1/2, win; wheel: color, result colour).

export type BetStatus = "pending" | "won" | "lost";

export interface HistoryItem {
  name: string;
  image: string | null;
  rarityColor: string | null;
}

export interface HistoryRow {
  key: string;
  gameId: number | string | null;
  bet: number | null;
  items: HistoryItem[];
  placedColour: string | null;
  resultColour: string | null;
  multiplier: number | null;
  status: BetStatus | null;
  earnings: number | null;
  date: Date | null;
}

type Row = Record<string, unknown>;

function pick(row: Row, ...names: string[]): unknown {
  for (const n of names) if (row[n] !== undefined && row[n] !== null) return row[n];
  return null;
}

function num(v: unknown): number | null {
  if (typeof v === "number" && Number.isFinite(v)) return v;
  if (typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v))) return Number(v);
  return null;
}

function str(v: unknown): string | null {
  return typeof v === "string" && v ? v : typeof v === "number" ? String(v) : null;
}

/** Epoch milliseconds, epoch seconds or an ISO string. */
export function toDate(v: unknown): Date | null {
  let d: Date | null = null;
  if (typeof v === "number") d = new Date(v < 1e11 ? v * 1000 : v);
  else if (typeof v === "string" && v) d = new Date(/^\d+$/.test(v) ? Number(v) : v);
  return d && !Number.isNaN(d.getTime()) ? d : null;
}

/** is_win: 0 pending, 1 won, 2 lost (§3 Crash bet); also "won"/"lost"/"pending" or booleans. */
export function toStatus(v: unknown): BetStatus | null {
  if (v === 0 || v === "pending" || v === "in_game") return "pending";
  if (v === 1 || v === true || v === "won" || v === "win") return "won";
  if (v === 2 || v === false || v === "lost" || v === "lose") return "lost";
  return null;
}

function toItems(v: unknown): HistoryItem[] {
  if (!Array.isArray(v)) return [];
  return v
    .filter((x): x is Row => typeof x === "object" && x !== null)
    .map((x) => ({
      name: str(pick(x, "market_hash_name", "name")) ?? "",
      image: str(pick(x, "image")),
      rarityColor: str(pick(x, "rarity_color", "color")),
    }));
}

export function toHistoryRow(row: Row, index: number): HistoryRow {
  const gameId = pick(row, "game_id", "gameId", "round_id", "id");
  return {
    key: `${str(pick(row, "id")) ?? ""}:${index}`,
    gameId: typeof gameId === "number" || typeof gameId === "string" ? gameId : null,
    bet: num(pick(row, "bank", "bet", "amount", "sum", "price", "value")),
    items: toItems(pick(row, "items")),
    placedColour: str(pick(row, "color", "colour")),
    resultColour: str(pick(row, "result_color", "result_colour", "win_color", "winColor")),
    multiplier: num(pick(row, "multiplier", "autoWithdraw", "result")),
    status: toStatus(pick(row, "is_win", "status", "result_status")),
    earnings: num(pick(row, "win", "earnings", "profit")),
    date: toDate(pick(row, "created_at", "date", "time")),
  };
}

// ---- withdrawals (§3: id, system, wallet, amount, status, action, date) ----

type WithdrawalStatus = "sending" | "completed" | "canceled" | "moderation";
const WITHDRAWAL_STATUSES: readonly WithdrawalStatus[] = ["sending", "completed", "canceled", "moderation"];

export interface WithdrawalRow {
  id: number | string | null;
  /** 1 wallet A, 2 wallet B, 3 card, 4 prepaid (§9), or a name */
  system: string | null;
  wallet: string | null;
  amount: number | null;
  status: WithdrawalStatus | string | null;
  /** "money" or "skins", sent back with a cancel (§7 cancelWithdraw id, type) */
  type: string;
  /** "cancel" where the server offers the cancel action (a money withdrawal still in moderation) */
  action: string | null;
  date: Date | null;
}

export function toWithdrawalRow(row: Row): WithdrawalRow {
  const id = pick(row, "id");
  const status = str(pick(row, "status"));
  const system = str(pick(row, "system"));
  return {
    id: typeof id === "number" || typeof id === "string" ? id : null,
    system,
    wallet: str(pick(row, "wallet")),
    amount: num(pick(row, "amount", "sum", "value")),
    status: status && (WITHDRAWAL_STATUSES as readonly string[]).includes(status) ? (status as WithdrawalStatus) : status,
    // a skin row (system "skins") carries no type; a money row says "money"
    type: str(pick(row, "type")) ?? (system === "skins" ? "skins" : "money"),
    action: str(pick(row, "action")),
    date: toDate(pick(row, "created_at", "date")),
  };
}

/**
 * The cancel button shows only where the row offers the cancel action (the server sets `action`
 * "cancel" while a money withdrawal is in moderation; a sending, finished or skin one has null).
 */
export function canCancelWithdrawal(row: Pick<WithdrawalRow, "action" | "id">): boolean {
  return row.id !== null && row.action === "cancel";
}
