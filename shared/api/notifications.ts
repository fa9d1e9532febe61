// Bell notifications (spec §3 Notification: name, content, isRead): which kinds exist and what
// their content holds. `name` is the kind — the client translates it (notifications.json
// names.<kind>); `content` is language-neutral text made here: amounts, multipliers and item
// names as the game names them. Rules for when each kind is sent: docs/money.md "Notifications",
// thresholds in shared/constants.ts NOTIFY.
import { z } from "zod";
import { formatCents } from "../money";

export const NOTIFICATION_KINDS = [
  /** a crash cash-out paying more than the stake, ≥ NOTIFY.crashWinMinCents */
  "crash_win",
  /** a wheel win (bank × multiplier) of at least NOTIFY.wheelWinMinCents, told when the wheel stops */
  "wheel_win",
  /** a jackpot pot won (the items less the commission), told when the spinner stops on the winner */
  "jackpot_win",
  /** a place of the bonus pool's draw (content: the amount and the place) */
  "bonus_win",
  /** a tournament place's prize credited (content: the place and the amount) */
  "tournament_prize",
  /** staff canceled a tournament the player was in: no prizes (content: its number and the reason) */
  "tournament_canceled",
  /** a giveaway won: the item is in the inventory (content: the item's name) */
  "giveaway_won",
  /** staff replied to the player's ticket (content: the ticket's number and subject) */
  "ticket_reply",
  /** a case drop ≥ NOTIFY.caseDropMinCents or of rarity rank ≥ NOTIFY.caseDropMinRarityRank */
  "case_drop",
  /** money credited by a payment (sent by the payment's settlement, worker/payments/settle.ts) */
  "deposit",
  /** an admin refused a payment in review (content: its amount and the reason) */
  "deposit_refused",
  /** an administrator changed the balance (credit or debit) */
  "balance_adjusted",
  /** a balance promo code credited (content: the amount) */
  "promo_used",
  /** the referrer's share of a referee's deposit (content: the amount) */
  "referral_share",
  /** the chat quiz prize */
  "quiz_won",
  /** the trade offer of a skin withdrawal was sent to the player */
  "inventory_api.withdraw_sent",
  /** the player accepted the offer */
  "inventory_api.withdraw_completed",
  /** the offer failed, expired or was declined: items and fee are back */
  "inventory_api.withdraw_canceled",
  /** a skins deposit offer was accepted: its items are in the site inventory */
  "skins_deposit",
  /** cashback moved to the balance (content: the amount) */
  "cashback",
  /** a money withdrawal was paid out (content: what arrived) */
  "withdrawal_completed",
  /** a money withdrawal was rejected or its payout failed: the items are back (content: its value) */
  "withdrawal_canceled",
] as const;

export const notificationKind = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof notificationKind>;

const usd = (cents: number) => `$${formatCents(cents)}`;

/** Content of each kind (language-neutral; cents and hundredths in). */
export const notificationContent = {
  /** "$0.20 · ×2.00 · AK-47 | Redline (Field-Tested)" (the item only when one was minted) */
  crashWin: (winCents: number, cashoutHundredths: number, itemName: string | null) =>
    [usd(winCents), `×${(cashoutHundredths / 100).toFixed(2)}`, ...(itemName ? [itemName] : [])].join(" · "),
  /** "$1.50 · ×3 · AK-47 | Redline (Field-Tested)" (the item only when one was minted) */
  wheelWin: (winCents: number, multiplier: number, itemName: string | null) => [usd(winCents), `×${multiplier}`, ...(itemName ? [itemName] : [])].join(" · "),
  /** "$12.40 · 23.5%" (the pot's value less the commission, the winner's chance) */
  jackpotWin: (winCents: number, chanceBp: number) => `${usd(winCents)} · ${Number((chanceBp / 100).toFixed(2))}%`,
  /** "$5.00 · #1" (the amount won and the place) */
  bonusWin: (winCents: number, place: number) => `${usd(winCents)} · #${place}`,
  /** "AWP | Asiimov (Field-Tested) · $45.10" */
  caseDrop: (itemName: string, priceCents: number) => `${itemName} · ${usd(priceCents)}`,
  /** "$10.00" */
  amount: (cents: number) => usd(cents),
  /** "$10.00 · the reason" (a refused payment) */
  amountWithReason: (cents: number, reason: string) => `${usd(cents)} · ${reason}`,
  /** "#7 · the reason" (a canceled tournament) */
  tournamentCanceled: (tournamentId: number, reason: string) => `#${tournamentId} · ${reason}`,
  /** "#12 · Deposit not credited" (the ticket's number and subject) */
  ticketReply: (ticketId: number, subject: string) => `#${ticketId} · ${subject}`,
} as const;
