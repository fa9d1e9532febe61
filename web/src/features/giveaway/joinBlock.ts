// Why the Join button is disabled (spec §4 participation, §6 visitor), or null when joining is
// allowed: signed in, a timer running, not a participant yet, no request running, every condition
// done or not required.
import type { GiveawayConditions } from "../../../../shared/api/giveaways";

export type JoinBlock = "sign_in" | "no_timer" | "member" | "pending" | "conditions";

export interface JoinContext {
  signedIn: boolean;
  /** ms left until the draw; 0 or null: no timer */
  remainingMs: number | null;
  isParticipant: boolean;
  pending: boolean;
  /** null while the conditions are unknown (loading or failed) */
  conditions: GiveawayConditions | null;
}

/** A condition counts as met when it is switched off or completed. */
export function conditionsMet(conditions: GiveawayConditions): boolean {
  return Object.values(conditions).every((c) => !c.is_active || c.is_completed);
}

export function joinBlock(ctx: JoinContext): JoinBlock | null {
  if (!ctx.signedIn) return "sign_in";
  if (ctx.remainingMs === null || ctx.remainingMs <= 0) return "no_timer";
  if (ctx.isParticipant) return "member";
  if (ctx.pending) return "pending";
  if (!ctx.conditions || !conditionsMet(ctx.conditions)) return "conditions";
  return null;
}
