// Local storage as the small stores use it: behind an interface so tests pass a fake, and null
// where the browser has none or refuses access (private modes), so callers fall back to defaults.
export type KeyValueStorage = Pick<Storage, "getItem" | "setItem">;

export function browserStorage(): KeyValueStorage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}
