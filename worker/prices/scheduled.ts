// The scheduled price refresh (docs/security.md "One valuation rule for items"). wrangler.toml's Cron Trigger fires every 5 minutes;
// each firing refreshes only when PRICE_REFRESH_MINUTES have passed since the last scheduled
// refresh (app_settings 'prices.scheduled_at', the cron time it ran for). The interval is thus
// configuration (a var, no redeploy of the cron) with a 5-minute resolution. Cron times are
// whole minutes, so "60 minutes after the last one" never misses by a few milliseconds.
// A run does what the admin route does: refresh from the feed (revaluing held items), then
// re-price cases that drifted out of their RTP bounds. A failing feed writes nothing and does
// not move the clock: the next firing tries again.
import { PRICES } from "../../shared/constants";
import { casesRtpPercent } from "../cases/config";
import { readSetting, writeSetting } from "../lib/settings";
import { PriceFeedError, type PriceFeed } from "./feed";
import { feedFromEnv } from "./from-env";
import { refreshAndReprice } from "./cycle";
import type { RefreshResult } from "./refresh";

export const SCHEDULED_REFRESH_KEY = "prices.scheduled_at";

/**
 * Minutes between scheduled refreshes from PRICE_REFRESH_MINUTES: "0" turns the schedule off;
 * anything that is not a whole number of minutes up to PRICES.maxRefreshMinutes falls back to
 * PRICES.defaultRefreshMinutes. Pure.
 */
export function refreshIntervalMinutes(env: { PRICE_REFRESH_MINUTES?: string }): number {
  const raw = (env.PRICE_REFRESH_MINUTES ?? "").trim();
  if (!/^\d{1,6}$/.test(raw)) return PRICES.defaultRefreshMinutes;
  const n = Number(raw);
  return n <= PRICES.maxRefreshMinutes ? n : PRICES.defaultRefreshMinutes;
}

/** Whether a firing at `now` is due, given the last scheduled refresh (ms; undefined = never). Pure. */
export function refreshDue(now: number, last: number | undefined, minutes: number): boolean {
  if (minutes <= 0) return false;
  if (last === undefined || !Number.isFinite(last) || last > now) return true;
  return now - last >= minutes * 60_000;
}

export type ScheduledOutcome = { ran: true; result: RefreshResult; casesRepriced: number } | { ran: false; reason: "off" | "not_due" | "feed_failed" };

type ScheduledEnv = Pick<Env, "DB" | "PRICE_FEED_URL" | "CASES_RTP_PERCENT"> & { PRICE_FEED_KEY?: string; PRICE_REFRESH_MINUTES?: string };

export async function scheduledPriceRefresh(env: ScheduledEnv, scheduledTime: number, feed: PriceFeed = feedFromEnv(env)): Promise<ScheduledOutcome> {
  const minutes = refreshIntervalMinutes(env);
  if (minutes === 0) return { ran: false, reason: "off" };
  const stored = await readSetting(env, SCHEDULED_REFRESH_KEY);
  const last = stored === undefined ? undefined : Number(stored);
  if (!refreshDue(scheduledTime, last, minutes)) return { ran: false, reason: "not_due" };
  try {
    const { result, repriced } = await refreshAndReprice(env, feed, { rtp: casesRtpPercent(env) });
    await writeSetting(env, SCHEDULED_REFRESH_KEY, String(scheduledTime));
    return { ran: true, result, casesRepriced: repriced.length };
  } catch (err) {
    if (!(err instanceof PriceFeedError)) throw err;
    console.warn("scheduled price refresh failed:", err.message);
    return { ran: false, reason: "feed_failed" };
  }
}
