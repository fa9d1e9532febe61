// Telegram's configuration (wrangler.toml TELEGRAM_*, the secret TELEGRAM_BOT_TOKEN; docs/games.md
// "Giveaways"). No token or no channel: Telegram is off — the subscription condition is never on
// and there is nothing to link.

export interface TelegramConfig {
  token: string;
  /** the numeric part of the token: the Login Widget's bot_id */
  botId: string;
  /** @name of the channel */
  channel: string;
  apiUrl: string;
  oauthUrl: string;
  channelUrl: string;
}

type TelegramEnv = Partial<Pick<Env, "TELEGRAM_CHANNEL" | "TELEGRAM_API_URL" | "TELEGRAM_OAUTH_URL" | "TELEGRAM_CHANNEL_URL">> & {
  TELEGRAM_BOT_TOKEN?: string;
};

const TOKEN = /^([1-9][0-9]{0,15}):[A-Za-z0-9_-]{20,}$/;

export function telegramConfig(env: TelegramEnv): TelegramConfig | null {
  const token = env.TELEGRAM_BOT_TOKEN?.trim() ?? "";
  const channel = env.TELEGRAM_CHANNEL?.trim() ?? "";
  const botId = TOKEN.exec(token)?.[1];
  if (!botId || !/^@[A-Za-z0-9_]{4,64}$/.test(channel)) return null;
  return {
    token,
    botId,
    channel,
    apiUrl: (env.TELEGRAM_API_URL || "https://api.telegram.org").replace(/\/+$/, ""),
    oauthUrl: (env.TELEGRAM_OAUTH_URL || "https://oauth.telegram.org").replace(/\/+$/, ""),
    channelUrl: env.TELEGRAM_CHANNEL_URL || `https://t.me/${channel.slice(1)}`,
  };
}

/** The Login Widget's page for our bot, coming back to the SPA's /telegram/linked with the signed user. */
export function telegramLoginUrl(config: TelegramConfig, origin: string): string {
  const url = new URL(`${config.oauthUrl}/auth`);
  url.searchParams.set("bot_id", config.botId);
  url.searchParams.set("origin", origin);
  url.searchParams.set("request_access", "read");
  url.searchParams.set("return_to", `${origin}/telegram/linked`);
  return url.href;
}
