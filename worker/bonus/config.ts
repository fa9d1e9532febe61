// The bonus pool's configuration (wrangler.toml [vars] BONUS_*, docs/operations.md "Configuration"), read with
// the defaults of shared/constants.ts BONUS. A condition whose number is 0 (or tag "") is off.
import { BONUS } from "../../shared/constants";

export type BonusVars = Partial<
  Pick<Env, "BONUS_ROUND_MS" | "BONUS_MIN_BANK_CENTS" | "BONUS_NICKNAME_TAG" | "BONUS_MIN_CHAT_MESSAGES" | "BONUS_MIN_CRASH_BET_CENTS">
>;

export interface BonusConfig {
  roundMs: number;
  minBankCents: number;
  nicknameTag: string;
  minChatMessages: number;
  minCrashBetCents: number;
}

/** A whole number ≥ 0 from a var; anything else is the default. */
function whole(raw: string | undefined, fallback: number): number {
  const n = /^(0|[1-9][0-9]{0,14})$/.test(raw ?? "") ? Number(raw) : NaN;
  return Number.isSafeInteger(n) ? n : fallback;
}

export function bonusConfig(env: BonusVars): BonusConfig {
  return {
    roundMs: Math.max(1, whole(env.BONUS_ROUND_MS, BONUS.roundMs)),
    minBankCents: Math.max(1, whole(env.BONUS_MIN_BANK_CENTS, BONUS.minBankCents)),
    nicknameTag: (env.BONUS_NICKNAME_TAG ?? BONUS.nicknameTag).trim().toLowerCase(),
    minChatMessages: whole(env.BONUS_MIN_CHAT_MESSAGES, BONUS.minChatMessages),
    minCrashBetCents: whole(env.BONUS_MIN_CRASH_BET_CENTS, BONUS.minCrashBetCents),
  };
}
