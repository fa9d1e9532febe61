// A Steam trade link → the partner's SteamID64 and token (the shape the site accepts:
// shared/api/user.ts TRADE_LINK_PATTERN; SteamID64 = 76561197960265728 + the link's partner).
import type { Partner } from "./steam.ts";

const LINK = /^https:\/\/steamcommunity\.com\/tradeoffer\/new\/\?partner=(\d{1,10})&token=([A-Za-z0-9_-]{8})$/;
const STEAM_ID_BASE = 76561197960265728n;

export function partnerOf(tradeLink: string): Partner | null {
  const m = LINK.exec(tradeLink);
  if (!m) return null;
  const account = BigInt(m[1]!);
  if (account === 0n || account > 0xffffffffn) return null;
  return { steamId: String(STEAM_ID_BASE + account), token: m[2]! };
}
