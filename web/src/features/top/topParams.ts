// The top list's period and metric live in the URL (?period=week&metric=wagered) so a view can be
// linked; anything else falls back to the defaults the API uses (today, net).
import { TOP_METRICS, TOP_PERIODS, type TopMetric, type TopPeriod } from "../../../../shared/api/top";

export interface TopView {
  period: TopPeriod;
  metric: TopMetric;
}

const pick = <T extends string>(value: string | null, allowed: readonly T[]): T => (allowed.includes(value as T) ? (value as T) : allowed[0]!);

export function topViewOf(params: URLSearchParams): TopView {
  return { period: pick(params.get("period"), TOP_PERIODS), metric: pick(params.get("metric"), TOP_METRICS) };
}

/** The query string of `view` with one part changed. */
export function topSearch(view: TopView, change: Partial<TopView>): string {
  const next = { ...view, ...change };
  return `?${new URLSearchParams({ period: next.period, metric: next.metric })}`;
}
