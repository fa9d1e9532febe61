// Dates of the support desk in the UI's language.

export function dateTime(at: number, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: "short", timeStyle: "short" }).format(at);
}

/** How long ago, roughly ("5 min", "3 h", "2 d"), for the queue's waiting time. */
export function waited(since: number, now: number, language: string): string {
  const minutes = Math.max(0, Math.round((now - since) / 60_000));
  const rtf = new Intl.NumberFormat(language, { style: "unit", unitDisplay: "short", unit: minutes < 60 ? "minute" : minutes < 60 * 48 ? "hour" : "day" });
  if (minutes < 60) return rtf.format(minutes);
  if (minutes < 60 * 48) return rtf.format(Math.floor(minutes / 60));
  return rtf.format(Math.floor(minutes / 60 / 24));
}
