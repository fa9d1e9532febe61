// Jackpot rows → the JSON shapes of shared/api/jackpot.ts (cents → dollars, basis points → percent).
import type { JackpotBetJson, JackpotChanceJson } from "../../shared/api/jackpot";
import type { ItemJson } from "../../shared/api/crash";
import { toDollars } from "../../shared/money";
import { presentCrashItem } from "../crash/items";
import type { Chance } from "./tickets";
import type { JackpotBet, StakedItem } from "./types";

export function toItemJson(item: StakedItem): ItemJson {
  return presentCrashItem(item);
}

/** Percent × 100 (an integer) → percent with two decimals. */
export function percentOf(basisPoints: number): number {
  return basisPoints / 100;
}

export function toBetJson(b: JackpotBet): JackpotBetJson {
  return {
    id: b.id,
    user: { ...b.user },
    items: b.items.map(toItemJson),
    price: toDollars(b.price),
    value: toDollars(b.value ?? 0),
    from: b.from,
    to: b.to,
    created_at: b.createdAt,
  };
}

export function toChanceJson(c: Chance): JackpotChanceJson {
  return { user: { ...c.user }, price: toDollars(c.price), tickets: c.tickets, chance: percentOf(c.chanceBp) };
}
