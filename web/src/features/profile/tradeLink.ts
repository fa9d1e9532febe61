// Client-side check of the trade link, with the very schema the server applies (shared/api/user.ts).
import { tradeLinkSchema } from "../../../../shared/api/user";

export type TradeLinkCheck = { ok: true; value: string } | { ok: false; reason: "empty" | "invalid" };

export function checkTradeLink(input: string): TradeLinkCheck {
  if (!input.trim()) return { ok: false, reason: "empty" };
  const parsed = tradeLinkSchema.safeParse(input);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, reason: "invalid" };
}

/** Where a player finds their own trade link on Steam. */
export const STEAM_TRADE_LINK_HELP = "https://steamcommunity.com/my/tradeoffers/privacy#trade_offer_access_url";
