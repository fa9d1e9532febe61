// Is a Telegram account subscribed to the channel? The Bot API's getChatMember
// (core.telegram.org/bots/api#getchatmember) at the configured base URL: creator, administrator
// and member count (GIVEAWAY.subscribedStatuses); restricted, left and kicked do not. The bot must
// be an administrator of the channel for Telegram to answer. A failure (network, an error answer)
// counts as not subscribed and is logged: the player can try again.
import { z } from "zod";
import { GIVEAWAY } from "../../shared/constants";
import type { TelegramConfig } from "./config";

const answer = z.union([
  z.object({ ok: z.literal(true), result: z.object({ status: z.string() }) }),
  z.object({ ok: z.literal(false), description: z.string().optional() }),
]);

const TIMEOUT_MS = 5_000;

export async function isSubscribed(config: TelegramConfig, telegramId: string): Promise<boolean> {
  const url = new URL(`${config.apiUrl}/bot${config.token}/getChatMember`);
  url.searchParams.set("chat_id", config.channel);
  url.searchParams.set("user_id", telegramId);
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    const parsed = answer.safeParse(await res.json());
    if (!parsed.success) {
      console.error("telegram getChatMember: unexpected answer", res.status);
      return false;
    }
    if (!parsed.data.ok) {
      console.error("telegram getChatMember refused", parsed.data.description);
      return false;
    }
    return (GIVEAWAY.subscribedStatuses as readonly string[]).includes(parsed.data.result.status);
  } catch (err) {
    console.error("telegram getChatMember failed", String(err));
    return false;
  }
}
