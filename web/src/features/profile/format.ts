import { formatDollars } from "../../ui/Money";

/** Dollars → "$12.34"; "—" when missing. */
export function usd(dollars: number | null | undefined): string {
  return dollars === null || dollars === undefined ? "—" : formatDollars(dollars);
}

/** 2.5 → "x2.50"; the manual-stop value 9999.99 → "∞" (§5). */
export function ratio(m: number | null | undefined): string {
  if (m === null || m === undefined) return "—";
  if (m >= 9999.99) return "∞";
  return `x${m.toFixed(2)}`;
}

export function dateTime(d: Date | null, language: string): string {
  return d ? new Intl.DateTimeFormat(language, { dateStyle: "short", timeStyle: "short" }).format(d) : "—";
}
