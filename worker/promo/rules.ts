// Promo code rules, pure (docs/money.md "Promo codes"): which refusal a code gets for a player, in the
// order the player is told: not found → ended (disabled or expired) → already used → daily limit.
// The batch (redeem.ts) re-checks every rule inside its own statements; this only picks the key.

export type PromoKind = "balance" | "deposit";

export interface PromoState {
  kind: PromoKind;
  active: boolean;
  expiresAt: number | null;
  dailyLimit: number;
}

export type PromoRefusal = "not_found" | "ended" | "already_used" | "daily_limit";

/** The UTC day number the daily limit counts uses in. */
export function utcDay(now: number): number {
  return Math.floor(now / 86_400_000);
}

export function isLive(p: Pick<PromoState, "active" | "expiresAt">, now: number): boolean {
  return p.active && (p.expiresAt === null || p.expiresAt > now);
}

/** Why this player may not use the code now, or null when they may. */
export function promoRefusal(
  promo: PromoState | undefined,
  wanted: PromoKind,
  facts: { now: number; usedByPlayer: boolean; usesToday: number },
): PromoRefusal | null {
  if (!promo || promo.kind !== wanted) return "not_found";
  if (!isLive(promo, facts.now)) return "ended";
  if (facts.usedByPlayer) return "already_used";
  if (facts.usesToday >= promo.dailyLimit) return "daily_limit";
  return null;
}
