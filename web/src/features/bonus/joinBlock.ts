// Why the Join button is disabled, if it is (docs/games.md "Bonus pool"): the same order as the server's
// refusals, so the reason shown is the one the join would answer.
import type { BonusCondition } from "../../../../shared/api/bonus";

export type BonusConditionName = "username" | "chat_messages" | "total_bet_sum";
export const CONDITION_ORDER: readonly BonusConditionName[] = ["username", "chat_messages", "total_bet_sum"];

export type JoinBlock =
  /** not signed in: offer the sign-in */
  | { kind: "visitor" }
  /** the conditions are still loading */
  | { kind: "loading" }
  | { kind: "joined" }
  | { kind: "condition"; name: BonusConditionName }
  /** the bank is under the minimum: no timer, no draw yet */
  | { kind: "no_timer" }
  /** the end time passed: the round is being drawn, the next opens a moment later */
  | { kind: "closed" };

export interface JoinInput {
  signedIn: boolean;
  joined: boolean;
  conditions: Record<BonusConditionName, BonusCondition> | null;
  /** none: the bank is under the minimum; ended: the end time passed, the draw is due */
  timer: "none" | "running" | "ended";
}

export function joinBlock(i: JoinInput): JoinBlock | null {
  if (!i.signedIn) return { kind: "visitor" };
  if (i.joined) return { kind: "joined" };
  if (!i.conditions) return { kind: "loading" };
  const missing = CONDITION_ORDER.find((name) => {
    const c = i.conditions?.[name];
    return c?.is_active && !c.is_completed;
  });
  if (missing) return { kind: "condition", name: missing };
  if (i.timer === "none") return { kind: "no_timer" };
  if (i.timer === "ended") return { kind: "closed" };
  return null;
}
