// The FAQ's structure (groups → question slugs; the texts are web/src/locales/<lng>/faq.json
// items.<slug>.q / .a), the numbers its answers interpolate (all from shared/constants.ts) and the
// search's matching rule.
import { BONUS, CASHBACK, CRASH, DEPOSIT, FAIRNESS, FEES, GIVEAWAY, MONEY_WITHDRAW, SKINS_DEPOSIT, TERMS, WITHDRAW } from "../../../../shared/constants";
import { formatCentsAsDollars } from "../../ui/formatCents";

export const FAQ_GROUPS = [
  { id: "deposits", items: ["deposit-methods", "deposit-wallet-receipt", "deposit-promo", "deposit-nickname-bonus", "deposit-skins"] },
  { id: "withdrawals", items: ["withdraw-wager", "withdraw-money-tax", "withdraw-skin-fee", "withdraw-limits", "withdraw-moderation"] },
  { id: "trade", items: ["trade-link", "trade-offers", "trade-security-code", "trade-protection"] },
  { id: "fairness", items: ["fair-rounds", "fair-cases", "fair-mismatch"] },
  { id: "cashback", items: ["cashback-how", "cashback-take"] },
  { id: "bonus", items: ["bonus-pool", "bonus-conditions"] },
  { id: "giveaways", items: ["giveaway-conditions", "giveaway-draw"] },
  { id: "contacts", items: ["contact-support", "contact-response"] },
] as const;

export type FaqSlug = (typeof FAQ_GROUPS)[number]["items"][number];
export const FAQ_SLUGS: readonly FaqSlug[] = FAQ_GROUPS.flatMap((g) => g.items);

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** the withdrawal example: an item worth $35.01 */
const EXAMPLE_VALUE_CENTS = 3_501;

/** Every value an answer may interpolate (i18next ignores the ones a text does not name). */
export const faqValues = {
  depositMin: formatCentsAsDollars(DEPOSIT.minSumCents),
  depositMax: formatCentsAsDollars(DEPOSIT.maxSumCents),
  receiptShorter: DEPOSIT.walletReceiptMinLength - 1,
  nicknameTag: DEPOSIT.nicknameTag,
  nicknameBonus: DEPOSIT.nicknameBonusPercent,
  skinsDepositMax: SKINS_DEPOSIT.maxItems,
  offerMinutes: SKINS_DEPOSIT.offerTtlMs / 60_000,
  protectionDays: SKINS_DEPOSIT.protectionMs / DAY_MS,
  wagerFactor: MONEY_WITHDRAW.depositFactor,
  tax: FEES.moneyWithdrawalTaxPercent,
  exampleValue: formatCentsAsDollars(EXAMPLE_VALUE_CENTS),
  examplePayout: formatCentsAsDollars(EXAMPLE_VALUE_CENTS - Math.floor((EXAMPLE_VALUE_CENTS * MONEY_WITHDRAW.taxPercent) / 100)),
  fee: FEES.skinWithdrawalFeePercent,
  withdrawMin: formatCentsAsDollars(MONEY_WITHDRAW.minSumCents),
  moneyMaxItems: MONEY_WITHDRAW.maxItems,
  moneyLimit: formatCentsAsDollars(MONEY_WITHDRAW.moneyLimitCents),
  limitHours: MONEY_WITHDRAW.moneyLimitWindowMs / HOUR_MS,
  skinMaxItems: WITHDRAW.maxItems,
  autoApprove: formatCentsAsDollars(MONEY_WITHDRAW.autoApproveCents),
  fairFactor: FAIRNESS.mismatchPayoutFactor,
  cashbackRate: CASHBACK.rateTenthsPercent / 10,
  cashbackHours: CASHBACK.periodMs / HOUR_MS,
  cashbackMinTake: formatCentsAsDollars(1),
  cashbackMinDeposit: formatCentsAsDollars(CASHBACK.minDepositCents),
  bonusShare: CRASH.bonusSharePercent,
  bonusMinBank: formatCentsAsDollars(BONUS.minBankCents),
  bonusRoundHours: BONUS.roundMs / HOUR_MS,
  first: BONUS.winnerShares[0],
  second: BONUS.winnerShares[1],
  third: BONUS.winnerShares[2],
  bonusTag: BONUS.nicknameTag,
  bonusChat: BONUS.minChatMessages,
  bonusCrashBet: formatCentsAsDollars(BONUS.minCrashBetCents),
  giveawayTag: GIVEAWAY.nicknameTag,
  disputeDays: TERMS.disputeWorkingDays,
};

/** Lower case, ё as е, runs of spaces as one: what the search compares. */
export function normalizeQuery(text: string): string {
  return text.toLocaleLowerCase().replaceAll("ё", "е").replace(/\s+/g, " ").trim();
}

/** An answer's text without its link tags (<fair>…</fair>). */
export function plainText(text: string): string {
  return text.replace(/<\/?[a-z]+>/g, "");
}

/** Does a question or its answer contain the (normalized) query? */
export function matchesQuery(needle: string, ...texts: string[]): boolean {
  return texts.some((text) => normalizeQuery(text).includes(needle));
}
