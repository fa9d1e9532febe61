// POST /api/getConfig (worker/api/config/routes.ts): the public settings every screen reads.
import { z } from "zod";
import { dollarsJson } from "../money";
import { emptyBody } from "./common";
import { contract } from "./contract";

/** A chat mute reason staff pick from (§6); only active ones are listed. */
export const chatBanReasonJson = z.strictObject({
  id: z.number().int().positive(),
  name: z.string(),
  is_active: z.boolean(),
});
export type ChatBanReasonJson = z.infer<typeof chatBanReasonJson>;

/** The committed chains (docs/fairness.md "Provably fair"): crash, the jackpot levels, wheel, bonus pool, giveaways. */
export const CHAIN_NAMES = ["crash", "jackpot_low", "jackpot_medium", "jackpot_high", "wheel", "bonus", "giveaway"] as const;

/**
 * A chain's next terminal hash, announced before the deploy that switches to it (docs/fairness.md
 * "Rotating a chain"): the chain serves the rounds from_round … length.
 */
export const publicChainAnnouncementJson = z.strictObject({
  chain: z.enum(CHAIN_NAMES),
  terminal: z.string(),
  length: z.number().int().positive(),
  from_round: z.number().int().positive(),
  note_ru: z.string().nullable(),
  note_en: z.string().nullable(),
  announced_at: z.number().int().nonnegative(),
});
export type PublicChainAnnouncementJson = z.infer<typeof publicChainAnnouncementJson>;

export const getConfigAnswer = z.object({
  chat_ban_reasons: z.array(chatBanReasonJson),
  maintenance: z.boolean(),
  /** the operator's message for the maintenance notice (null: none, or maintenance off) */
  maintenance_message: z.string().nullable(),
  /** The dev login and the admin crash tools show only in development. */
  dev: z.boolean(),
  /** Published fairness commitments (docs/fairness.md "Provably fair"): the crash chain's terminating hash and the salt. */
  crash_terminal_hash: z.string(),
  crash_salt: z.string(),
  /** The same for the wheel: its chain's terminating hash and its salt. */
  wheel_terminal_hash: z.string(),
  wheel_salt: z.string(),
  /** The same for the bonus pool (docs/games.md "Bonus pool"). */
  bonus_terminal_hash: z.string(),
  bonus_salt: z.string(),
  /** The same for the giveaways (docs/games.md "Giveaways"). */
  giveaway_terminal_hash: z.string(),
  giveaway_salt: z.string(),
  /** The jackpot levels' chains (docs/games.md "Jackpot"): each level's terminating hash, and the salt. */
  jackpot_terminal_hashes: z.strictObject({ low: z.string(), medium: z.string(), high: z.string() }).partial(),
  jackpot_salt: z.string(),
  /** The chains' announced rotations not deployed yet, at most one per chain. */
  chain_announcements: z.array(publicChainAnnouncementJson),
  /** The total deposit (dollars) needed to chat. */
  chat_min_deposit: dollarsJson,
  /** The tax on selling items to the site, in percent (worker/store/pricing.ts sellTaxPercent). */
  sell_tax_percent: z.number().int().min(0).max(100),
});

export const configCalls = {
  getConfig: contract({
    method: "POST",
    path: "/api/getConfig",
    access: "public",
    body: emptyBody,
    answer: getConfigAnswer,
    refusals: {},
    summary: "The public settings every screen reads: chat mute reasons, maintenance, fairness commitments, chat minimum, sell tax",
  }),
};
