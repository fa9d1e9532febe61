// Chat settings from wrangler vars, each with its constant as the fallback.
import { CHAT } from "../../shared/constants";

/** The total deposit (cents) a player needs before chatting (CHAT_MIN_DEPOSIT_CENTS). */
export function chatMinDepositCents(env: Partial<Pick<Env, "CHAT_MIN_DEPOSIT_CENTS">>): number {
  const raw = env.CHAT_MIN_DEPOSIT_CENTS?.trim() ?? "";
  return /^\d{1,12}$/.test(raw) ? Number(raw) : CHAT.defaultMinDepositCents;
}
