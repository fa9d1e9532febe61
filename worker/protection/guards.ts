// Player protection as batch guards (db/guards.ts; docs/protection.md): each is checked inside the
// D1 batch that moves the money, so two bets or deposits racing past a limit cannot both land (D1
// runs batches one at a time; a guard sees every committed batch).
import { type LimitKind, PROTECTION, TERMS } from "../../shared/constants";
import { type LimitPeriod, periodReset, periodStart } from "../../shared/protection";
import { PROTECTION_REFUSALS } from "../../shared/api/protection";
import { guard } from "../db/guards";
import { type SQL, sql } from "../db/sql";
import { stakedSinceSql, wonSinceSql } from "./play";

/** The amount of a player's limit in force at `now` (NULL: none), as a scalar subquery. */
export function limitInForceSql(userId: number, kind: LimitKind, now: number): SQL {
  return sql`(SELECT CASE WHEN pending_at IS NOT NULL AND pending_at <= ${now} THEN pending_amount ELSE amount END
              FROM player_limits WHERE user_id = ${userId} AND kind = ${kind})`;
}

/** The condition "a time-out or a self-exclusion keeps this player from playing at `now`". */
export function excludedSql(userId: number, now: number): SQL {
  return sql`EXISTS (SELECT 1 FROM player_exclusions WHERE user_id = ${userId} AND (
               (kind = 'timeout' AND ends_at > ${now}) OR
               (kind = 'self_exclusion' AND (lift_requested_at IS NULL OR lift_requested_at + ${PROTECTION.liftWaitMs} > ${now}))))`;
}

/** Aborts the batch while the player is timed out or self-excluded: `protection.excluded`. */
export function notExcluded(userId: number, now: number): SQL {
  return guard("protection.excluded", excludedSql(userId, now));
}

/**
 * Aborts the batch when the player accepted an older version of the agreement than the current
 * one: `terms.outdated` (he accepts it again, with his age, before the next bet or deposit). Every
 * sign-in records the version ticked; a row no sign-in made (a seeded account) has none and passes.
 */
export function termsCurrent(userId: number): SQL {
  return guard("terms.outdated", sql`EXISTS (SELECT 1 FROM users WHERE id = ${userId} AND terms_version IS NOT NULL AND terms_version <> ${TERMS.version})`);
}

/** Aborts the batch when one stake of `stake` cents (an SQL value) is over the player's stake limit: `limit.stake`. */
export function stakeWithin(userId: number, stake: SQL, now: number): SQL {
  return guard("limit.stake", sql`${stake} > COALESCE(${limitInForceSql(userId, "stake", now)}, ${Number.MAX_SAFE_INTEGER})`);
}

const DEPOSIT_LIMITS: ReadonlyArray<[LimitKind, LimitPeriod]> = [
  ["deposit_day", "day"],
  ["deposit_week", "week"],
  ["deposit_month", "month"],
];

/**
 * What a player has deposited since `since` (cents): money orders not refused (an order counts
 * from its creation, so two open orders cannot pass a limit together) and skin deposits not
 * declined, expired or failed.
 */
export function depositedSinceSql(userId: number, since: number): SQL {
  return sql`((SELECT COALESCE(SUM(amount), 0) FROM payments WHERE user_id = ${userId} AND created_at >= ${since} AND status <> 'refused')
            + (SELECT COALESCE(SUM(amount), 0) FROM skin_deposits WHERE user_id = ${userId} AND created_at >= ${since} AND state IN ('sending', 'active', 'accepted')))`;
}

/**
 * Aborts the batch when the deposit of `amount` cents would pass a deposit limit (the first of
 * day, week, month that it passes): `limit.deposit_day|week|month`. Placed before the row that
 * records the deposit.
 */
export function depositWithin(userId: number, amount: number | SQL, now: number): SQL[] {
  return DEPOSIT_LIMITS.map(([kind, period]) =>
    guard(
      `limit.${kind}`,
      sql`${depositedSinceSql(userId, periodStart(period, now))} + ${amount} > COALESCE(${limitInForceSql(userId, kind, now)}, ${Number.MAX_SAFE_INTEGER})`,
    ),
  );
}

const LOSS_LIMITS: ReadonlyArray<[LimitKind, LimitPeriod]> = [
  ["loss_day", "day"],
  ["loss_week", "week"],
  ["loss_month", "month"],
];

/** The player's net loss since `since` (cents; negative when he is ahead): stakes − wins, an open bet counting as lost. */
export function lossSinceSql(userId: number, since: number): SQL {
  return sql`(${stakedSinceSql(userId, since)} - ${wonSinceSql(userId, since)})`;
}

/**
 * Aborts the batch when a stake of `stake` cents (an SQL value) could take the player's net loss
 * past a loss limit: the loss so far this period, counting every open bet as lost, plus this
 * stake (`limit.loss_day|week|month`). Placed before the stake's own rows; a case counts its
 * price, not its drop, so a refusal never depends on the roll. The period's sums are only worked
 * out for a player who has that limit (CASE evaluates lazily).
 */
export function lossWithin(userId: number, stake: SQL, now: number): SQL[] {
  return LOSS_LIMITS.map(([kind, period]) => {
    const limit = limitInForceSql(userId, kind, now);
    return guard(`limit.${kind}`, sql`CASE WHEN ${limit} IS NULL THEN 0 ELSE ${lossSinceSql(userId, periodStart(period, now))} + ${stake} > ${limit} END`);
  });
}

/** The keys a bet refused by player protection answers (§8, user_api). */
export type ProtectionRefusal =
  | "user_api.excluded"
  | "user_api.terms_outdated"
  | "user_api.stake_limit"
  | "user_api.loss_limit_day"
  | "user_api.loss_limit_week"
  | "user_api.loss_limit_month";

/** The protection guards of a stake and the keys they answer (every room's bet refusals, a case's). */
export const STAKE_PROTECTION_REFUSALS = {
  "protection.excluded": "user_api.excluded",
  "terms.outdated": "user_api.terms_outdated",
  "limit.stake": "user_api.stake_limit",
  // the key names the period: its reset is the start of the next one (shared/protection.ts periodReset)
  "limit.loss_day": "user_api.loss_limit_day",
  "limit.loss_week": "user_api.loss_limit_week",
  "limit.loss_month": "user_api.loss_limit_month",
} as const satisfies Record<string, ProtectionRefusal>;

/** A protection guard's code → the refusal a player call answers (undefined: not one of them). */
export function protectionRefusalOf(code: string | undefined): { status: 400 | 403 | 409; message: ProtectionRefusal } | undefined {
  const message = code === undefined ? undefined : (STAKE_PROTECTION_REFUSALS as Record<string, ProtectionRefusal>)[code];
  return message === undefined ? undefined : { status: PROTECTION_REFUSALS[message], message };
}

/** A deposit's protection guard → its refusal: a break, an old agreement, or a deposit limit with its period (undefined: not one of them). */
export function depositRefusalOf(
  code: string | undefined,
  /** the moment the guard judged: the limit's period is the one holding it */
  at: number,
):
  | { status: 403; key: "user_api.excluded" | "user_api.terms_outdated" }
  | { status: 409; key: "deposit_api.deposit_limit"; period: LimitPeriod; resetsAt: number }
  | undefined {
  if (code === "protection.excluded") return { status: 403, key: "user_api.excluded" };
  if (code === "terms.outdated") return { status: 403, key: "user_api.terms_outdated" };
  const period = /^limit\.deposit_(day|week|month)$/.exec(code ?? "")?.[1] as LimitPeriod | undefined;
  return period ? { status: 409, key: "deposit_api.deposit_limit", period, resetsAt: periodReset(period, at) } : undefined;
}
