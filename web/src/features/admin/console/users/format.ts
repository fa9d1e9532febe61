// Small formatters of the console's users, audit and chat pages.

/** An epoch-ms time in the reader's language, "—" for none. */
export function when(ms: number | null | undefined, lng: string): string {
  return ms === null || ms === undefined ? "—" : new Date(ms).toLocaleString(lng);
}

/** A `datetime-local` input's value ↔ epoch ms (the reader's clock). */
export function toLocalInput(ms: number | undefined): string {
  if (ms === undefined) return "";
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function fromLocalInput(value: string): number | undefined {
  if (!value) return undefined;
  const ms = new Date(value).getTime();
  return Number.isFinite(ms) && ms >= 0 ? ms : undefined;
}

/** A filter from the URL that is an epoch ms. */
export function msParam(raw: string | undefined): number | undefined {
  return raw && /^\d{1,15}$/.test(raw) ? Number(raw) : undefined;
}
