// Row → JSON in the contract shapes (docs/api.md "API reference", shared/api/user.ts). Cents become dollars here.
import { toDollars } from "../../shared/money";
import type { InventoryItemJson, NotificationJson, SelfUserJson, StatsJson } from "../../shared/api/user";
import type { UserRow } from "../db/types";
import type { GameResult } from "./game-result";
import type { InventoryJoinRow, NotificationRow } from "./queries";

export function presentNotification(n: NotificationRow): NotificationJson {
  return { id: n.id, name: n.name, content: n.content, is_read: n.isRead, created_at: n.createdAt };
}

export function presentSelf(u: UserRow, latest: NotificationRow[], unread: number, depositedCents: number): SelfUserJson {
  return {
    id: u.id,
    username: u.username,
    avatar: u.avatar,
    trade_link: u.tradeLink,
    is_admin: u.isAdmin,
    is_moderator: u.isModerator,
    is_youtuber: u.isYoutuber,
    balance: toDollars(u.balance),
    // stored in cents = hundredths of a dollar, which is what §3 sends
    cashback: u.cashback,
    banned: u.banned,
    unread_notifications: unread,
    total_deposit: toDollars(depositedCents),
    notifications: latest.map(presentNotification),
  };
}

export function presentInventoryItem(r: InventoryJoinRow): InventoryItemJson {
  return {
    myId: r.myId,
    id: r.catalogueId,
    market_hash_name: r.marketHashName,
    name: r.name,
    exterior: r.exterior,
    rarity: r.rarity,
    rarity_color: r.rarityColor,
    image: r.image,
    price: toDollars(r.price),
    status: r.status as InventoryItemJson["status"],
  };
}

/**
 * §3 Statistics from settled games: each result is what the player staked and got back (cents).
 * They summarise the histories, so they count what the rows show: a game with a payout is won (a
 * case opening: when the drop is worth more than the case),
 * top_ratio is the best multiplier of a won game (the one its history row shows; payout / stake
 * for games without one). winrate is a percentage; both with two decimals.
 */
export function computeStats(results: readonly GameResult[]): StatsJson {
  let won = 0;
  let amountWon = 0;
  let topWin = 0;
  let topRatio = 0;
  for (const r of results) {
    if (!(r.won == null ? r.payout > 0 : Boolean(r.won))) continue;
    won += 1;
    amountWon += r.payout;
    topWin = Math.max(topWin, r.payout);
    if (r.multiplier != null && r.multiplier > 0) topRatio = Math.max(topRatio, r.multiplier / 100);
    else if (r.stake > 0) topRatio = Math.max(topRatio, r.payout / r.stake);
  }
  const games = results.length;
  return {
    games,
    won,
    winrate: games === 0 ? 0 : round2((won * 100) / games),
    amount_won: toDollars(amountWon),
    top_win: toDollars(topWin),
    top_ratio: round2(topRatio),
  };
}

function round2(x: number): number {
  return Math.round(x * 100) / 100;
}
