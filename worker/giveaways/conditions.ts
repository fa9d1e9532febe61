// A giveaway's conditions with a player's progress (spec §3 Giveaway, §4; docs/games.md "Giveaways"):
// the Telegram channel subscription (a linked account the Bot API says is in the channel), the
// site tag in the nickname, a sum of money deposits, a number of games — each on only when the
// giveaway switched it on (and, for Telegram, only when a bot is configured).
import type { ConditionName, GiveawayConditions, TelegramLinkJson } from "../../shared/api/giveaways";
import { CONDITION_NAMES } from "../../shared/api/giveaways";
import { toDollars } from "../../shared/money";
import { nicknameHasTag } from "../bonus/conditions";
import { depositTotalSql } from "../db/ledger";
import { first, sql } from "../db/sql";
import { telegramConfig, telegramLoginUrl } from "../telegram/config";
import { isSubscribed } from "../telegram/member";
import { giveawayConfig } from "./config";
import { type GiveawayRow, gamesPlayed } from "./queries";

const off = { is_active: false, is_completed: true, required: 0, progress: 0 };

export async function telegramLinkOf(env: Env, userId: number): Promise<{ json: TelegramLinkJson; telegramId: string | null }> {
  const config = telegramConfig(env);
  if (!config) return { json: { available: false, linked: null, channel_url: null, login_url: null }, telegramId: null };
  const link = await first<{ telegram_id: string; name: string }>(env.DB, sql`SELECT telegram_id, name FROM telegram_links WHERE user_id = ${userId}`);
  return {
    json: { available: true, linked: link?.name ?? null, channel_url: config.channelUrl, login_url: telegramLoginUrl(config, env.APP_ORIGIN) },
    telegramId: link?.telegram_id ?? null,
  };
}

/** No giveaway running: every condition off. */
export const NO_CONDITIONS: GiveawayConditions = { telegram_channel_subscribe: off, username: off, deposit: off, games: off };

export async function giveawayConditionsOf(
  env: Env,
  row: GiveawayRow,
  user: { id: number; username: string },
): Promise<{ conditions: GiveawayConditions; telegram: TelegramLinkJson }> {
  const tag = giveawayConfig(env).nicknameTag;
  const link = await telegramLinkOf(env, user.id);
  const config = telegramConfig(env);
  const telegramOn = row.need_telegram === 1 && config !== null;
  const usernameOn = row.need_username === 1 && tag !== "";
  const [subscribed, deposited, games] = await Promise.all([
    telegramOn && config && link.telegramId ? isSubscribed(config, link.telegramId) : false,
    row.min_deposit > 0 ? first<{ v: number }>(env.DB, depositTotalSql(user.id)).then((r) => r?.v ?? 0) : 0,
    row.min_games > 0 ? gamesPlayed(env, user.id) : 0,
  ]);
  const tagged = usernameOn && nicknameHasTag(user.username, tag);
  return {
    telegram: link.json,
    conditions: {
      telegram_channel_subscribe: telegramOn
        ? { is_active: true, is_completed: subscribed, required: config?.channel ?? "", progress: subscribed ? 1 : 0 }
        : off,
      username: usernameOn ? { is_active: true, is_completed: tagged, required: tag, progress: tagged ? 1 : 0 } : off,
      deposit:
        row.min_deposit > 0
          ? { is_active: true, is_completed: deposited >= row.min_deposit, required: toDollars(row.min_deposit), progress: toDollars(Math.max(0, deposited)) }
          : off,
      games: row.min_games > 0 ? { is_active: true, is_completed: games >= row.min_games, required: row.min_games, progress: games } : off,
    },
  };
}

/** The first condition not met, in the card's order; null when the player may join. */
export function missingGiveawayCondition(c: GiveawayConditions): ConditionName | null {
  return CONDITION_NAMES.find((name) => !c[name].is_completed) ?? null;
}
