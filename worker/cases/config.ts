// The configured case RTP (wrangler var CASES_RTP_PERCENT): the share of a case's price its
// expected value aims at when a case is priced from its items (admin create without a price,
// and the re-pricing of cases that drifted out of bounds after a price refresh).
import { CASES } from "../../shared/constants";

/** A percent with at most two decimals inside CASES.rtpBounds; anything else falls back to the default. */
export function casesRtpPercent(env: { CASES_RTP_PERCENT?: string }): number {
  const raw = (env.CASES_RTP_PERCENT ?? "").trim();
  if (!/^\d{1,3}(?:\.\d{1,2})?$/.test(raw)) return CASES.defaultRtpPercent;
  const pct = Number(raw);
  return pct >= CASES.rtpBounds.min && pct <= CASES.rtpBounds.max ? pct : CASES.defaultRtpPercent;
}
