// The bonus pool's join conditions (spec §3 Bonus, §7 get-conditions; docs/games.md "Bonus pool"): the
// site tag in the nickname, a number of chat messages posted, a total of crash bets — each off
// when its configured number is 0 (the tag ""). A player who meets every active one may join; a
// refusal names the first one missing.
import type { BonusCondition } from "../../shared/api/bonus";
import { toDollars } from "../../shared/money";
import { first, sql } from "../db/sql";
import { chatRoom } from "../rooms/chat/stub";
import { bonusConfig } from "./config";

export interface Conditions {
  username: BonusCondition;
  chat_messages: BonusCondition;
  total_bet_sum: BonusCondition;
}

export type MissingKey = "bonus_api.no_nickname" | "bonus_api.chat_messages" | "bonus_api.bet_sum";

/** The nickname folded as the deposit's nickname bonus folds it (case, spaces, dots, dashes). */
export function nicknameHasTag(username: string, tag: string): boolean {
  const folded = username
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[\s._-]+/g, "");
  return folded.includes(tag.replace(/[\s._-]+/g, ""));
}

/** Σ of the player's crash bets that were not given back (pending, won, lost), cents. */
async function crashBetSum(env: Pick<Env, "DB">, userId: number): Promise<number> {
  const row = await first<{ sum: number }>(env.DB, sql`SELECT COALESCE(SUM(bank), 0) AS sum FROM crash_bets WHERE user_id = ${userId} AND status IN (0, 1, 2)`);
  return row?.sum ?? 0;
}

export async function conditionsOf(env: Env, user: { id: number; username: string }): Promise<Conditions> {
  const c = bonusConfig(env);
  const [messages, betSum] = await Promise.all([
    c.minChatMessages > 0 ? chatRoom(env).messageCount(user.id) : 0,
    c.minCrashBetCents > 0 ? crashBetSum(env, user.id) : 0,
  ]);
  const tagged = c.nicknameTag !== "" && nicknameHasTag(user.username, c.nicknameTag);
  return {
    username: { is_active: c.nicknameTag !== "", is_completed: c.nicknameTag === "" || tagged, required: c.nicknameTag, progress: tagged ? 1 : 0 },
    chat_messages: { is_active: c.minChatMessages > 0, is_completed: messages >= c.minChatMessages, required: c.minChatMessages, progress: messages },
    total_bet_sum: {
      is_active: c.minCrashBetCents > 0,
      is_completed: betSum >= c.minCrashBetCents,
      required: toDollars(c.minCrashBetCents),
      progress: toDollars(betSum),
    },
  };
}

/** The first active condition not met, as its refusal key; null when the player may join. */
export function missingCondition(c: Conditions): MissingKey | null {
  if (!c.username.is_completed) return "bonus_api.no_nickname";
  if (!c.chat_messages.is_completed) return "bonus_api.chat_messages";
  if (!c.total_bet_sum.is_completed) return "bonus_api.bet_sum";
  return null;
}
