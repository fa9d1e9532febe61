// Skin trading's public status line (docs/trade-bot.md "Status line"): the bot's /health (its
// accounts online; kept STATUS_TTL_MS per isolate, so players opening the dialog do not each ask
// the bot) and the skin requests waiting in D1.
import type { SkinsStatusAnswer } from "../../shared/api/skins-deposit";
import { first, sql } from "../db/sql";
import { type BotHealth, HttpTradeBot } from "./bot";

const STATUS_TTL_MS = 30_000;
/** a status line must not wait on a slow bot */
const HEALTH_TIMEOUT_MS = 3_000;

let cached: { url: string; at: number; health: BotHealth | null } | null = null;

async function healthOf(url: string, now: number): Promise<BotHealth | null> {
  if (cached && cached.url === url && now - cached.at < STATUS_TTL_MS) return cached.health;
  const health = await new HttpTradeBot(url, HEALTH_TIMEOUT_MS).health();
  cached = { url, at: now, health };
  return health;
}

export async function tradeBotStatus(env: Pick<Env, "DB" | "TRADE_BOT_URL">, now = Date.now()): Promise<SkinsStatusAnswer> {
  const url = (env.TRADE_BOT_URL ?? "").trim();
  if (!url) return { enabled: false, bots_online: null, bots_total: null, steam: "not_answering", queue: 0 };
  const [health, waiting] = await Promise.all([
    healthOf(url, now),
    first<{ n: number }>(
      env.DB,
      sql`SELECT (SELECT COUNT(*) FROM withdrawals WHERE status = 'sending') + (SELECT COUNT(*) FROM skin_deposits WHERE state IN ('sending', 'active')) AS n`,
    ),
  ]);
  const online = health ? health.accounts.filter((a) => a.status === "online").length : null;
  return {
    enabled: true,
    bots_online: online,
    bots_total: health ? health.accounts.length : null,
    steam: health?.ok && (online ?? 0) > 0 ? "answering" : "not_answering",
    queue: waiting?.n ?? 0,
  };
}

/** Forgets the kept /health (tests that change the bot's answer). */
export function forgetTradeBotStatus(): void {
  cached = null;
}
