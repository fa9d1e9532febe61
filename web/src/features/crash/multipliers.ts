// The betting board's multipliers (§3 local storage, §5 Multipliers): up to 4 custom values in
// "crash_multipliers" and the chosen one in "crash_bet_multiplier". Pure helpers + storage I/O.
import { CRASH, STORAGE_KEYS } from "../../../../shared/constants";
import { browserStorage, type KeyValueStorage } from "../../lib/storage";

/** Manual stop (no auto-withdraw), shown as ∞. */
export const INFINITE = CRASH.infiniteMultiplier;

/** What a new player starts with. */
export const DEFAULT_MULTIPLIERS: readonly number[] = [1.5, 2, 5, 10];

/** A typed value → a multiplier with 2 decimals, or null when empty or not a number above 1. */
export function parseMultiplier(raw: string | number | null | undefined): number | null {
  if (raw === null || raw === undefined) return null;
  const text = String(raw).trim().replace(",", ".");
  if (!text) return null;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 1) return null;
  return Math.min(INFINITE, Math.floor(value * 100 + 1e-6) / 100);
}

/**
 * §5 "on save": empty (and unusable) values are dropped, duplicates merged, the rest sorted
 * ascending and kept to the first 4.
 */
export function normalizeMultipliers(values: ReadonlyArray<string | number | null | undefined>): number[] {
  const parsed = values.map(parseMultiplier).filter((v): v is number => v !== null && v < INFINITE);
  return [...new Set(parsed)].sort((a, b) => a - b).slice(0, CRASH.maxCustomMultipliers);
}

export function readMultipliers(storage: KeyValueStorage | null = browserStorage()): number[] {
  let raw: string | null = null;
  try {
    raw = storage?.getItem(STORAGE_KEYS.crashMultipliers) ?? null;
  } catch {
    raw = null;
  }
  if (raw === null) return [...DEFAULT_MULTIPLIERS];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? normalizeMultipliers(value as (string | number)[]) : [...DEFAULT_MULTIPLIERS];
  } catch {
    return [...DEFAULT_MULTIPLIERS];
  }
}

export function writeMultipliers(values: readonly number[], storage: KeyValueStorage | null = browserStorage()): void {
  try {
    storage?.setItem(STORAGE_KEYS.crashMultipliers, JSON.stringify(values));
  } catch {
    // not persisted; the board still uses them on this page
  }
}

/** §5: a stored bet multiplier is used only if > 1, else ∞. */
export function betMultiplierFrom(raw: string | null | undefined): number {
  const value = parseMultiplier(raw ?? null);
  return value === null ? INFINITE : value;
}

export function readBetMultiplier(storage: KeyValueStorage | null = browserStorage()): number {
  try {
    return betMultiplierFrom(storage?.getItem(STORAGE_KEYS.crashBetMultiplier));
  } catch {
    return INFINITE;
  }
}

export function writeBetMultiplier(value: number, storage: KeyValueStorage | null = browserStorage()): void {
  try {
    storage?.setItem(STORAGE_KEYS.crashBetMultiplier, String(value));
  } catch {
    // ignore
  }
}

function isInfinite(multiplier: number): boolean {
  return multiplier >= INFINITE;
}

/** A short label for the picker: "×1.5", "×10", or "∞". */
export function compactMultiplier(multiplier: number): string {
  return isInfinite(multiplier) ? "∞" : `×${Number(multiplier.toFixed(2))}`;
}

/** "×2.50", or "∞" for manual stop. */
export function formatMultiplier(multiplier: number): string {
  return isInfinite(multiplier) ? "∞" : `×${multiplier.toFixed(2)}`;
}
