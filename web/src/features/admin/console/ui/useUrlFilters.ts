// A console page's filters and sort live in the URL (shareable, back/forward-able): read one,
// set or clear one (the page's cursor starts again: it is the query's key).
import { useSearchParams } from "react-router";

export function useUrlFilters() {
  const [params, setParams] = useSearchParams();
  const get = (name: string): string | undefined => params.get(name) ?? undefined;
  const set = (name: string, value: string | null | undefined) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === null || value === undefined || value === "") next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );
  /** A positive integer filter (an id), or undefined when absent or malformed. */
  const id = (name: string): number | undefined => {
    const raw = get(name);
    return raw && /^[1-9]\d{0,15}$/.test(raw) && Number.isSafeInteger(Number(raw)) ? Number(raw) : undefined;
  };
  /** One of `options` (a table's sorts, a status), or `fallback` when absent or unknown. */
  const choice = <const T extends string>(name: string, options: readonly T[], fallback: T): T => {
    const raw = get(name);
    return (options as readonly string[]).includes(raw ?? "") ? (raw as T) : fallback;
  };
  return { get, set, id, choice };
}
