// Player protection reads and writes (docs/protection.md): the player's limits with what counts
// this period, his time-out or self-exclusion, and the agreement he accepted.
import { LIMIT_KINDS, type LimitKind, PROTECTION, TERMS } from "../../shared/constants";
import type { ProtectionJson } from "../../shared/api/protection";
import {
  changeLimit,
  exclusionActive,
  exclusionEnd,
  limitInForce,
  periodOf,
  periodReset,
  periodStart,
  type StoredExclusion,
  type StoredLimit,
} from "../../shared/protection";
import { toDollars } from "../../shared/money";
import { all, batch, first, run, sql } from "../db/sql";
import { depositedSinceSql, excludedSql, lossSinceSql } from "./guards";

interface LimitRow {
  kind: LimitKind;
  amount: number | null;
  pending_amount: number | null;
  pending_at: number | null;
}
interface ExclusionRow {
  kind: "timeout" | "self_exclusion";
  started_at: number;
  ends_at: number | null;
  lift_requested_at: number | null;
}

const dollarsOrNull = (cents: number | null) => (cents === null ? null : toDollars(cents));
const stored = (r: LimitRow | undefined): StoredLimit | null => (r ? { amount: r.amount, pendingAmount: r.pending_amount, pendingAt: r.pending_at } : null);
const exclusionOf = (r: ExclusionRow): StoredExclusion => ({ kind: r.kind, startedAt: r.started_at, endsAt: r.ends_at, liftRequestedAt: r.lift_requested_at });

export async function exclusionRow(env: Pick<Env, "DB">, userId: number): Promise<StoredExclusion | null> {
  const r = await first<ExclusionRow>(env.DB, sql`SELECT kind, started_at, ends_at, lift_requested_at FROM player_exclusions WHERE user_id = ${userId}`);
  return r ? exclusionOf(r) : null;
}

/** Whether a time-out or self-exclusion keeps the player from playing now (a call that moves no money checks it here). */
export async function isExcluded(env: Pick<Env, "DB">, userId: number, now = Date.now()): Promise<boolean> {
  return ((await first<{ v: number }>(env.DB, sql`SELECT ${excludedSql(userId, now)} AS v`))?.v ?? 0) === 1;
}

/** What counts against a period limit since `since`, as its guard counts it: the deposits, or the net loss (negative when ahead). */
async function countedSince(env: Pick<Env, "DB">, userId: number, kind: LimitKind, since: number): Promise<number> {
  const counted = kind.startsWith("loss_") ? lossSinceSql(userId, since) : depositedSinceSql(userId, since);
  return (await first<{ v: number }>(env.DB, sql`SELECT ${counted} AS v`))?.v ?? 0;
}

/** The player's protection as the profile shows it. */
export async function readProtection(env: Pick<Env, "DB">, userId: number, now = Date.now()): Promise<ProtectionJson> {
  const [rows, exclusion, user] = await Promise.all([
    all<LimitRow>(env.DB, sql`SELECT kind, amount, pending_amount, pending_at FROM player_limits WHERE user_id = ${userId}`),
    exclusionRow(env, userId),
    first<{ terms_version: string | null; adult_confirmed_at: number | null; reality_check_minutes: number | null }>(
      env.DB,
      sql`SELECT terms_version, adult_confirmed_at, reality_check_minutes FROM users WHERE id = ${userId}`,
    ),
  ]);
  const limits = await Promise.all(
    LIMIT_KINDS.map(async (kind) => {
      const s = stored(rows.find((r) => r.kind === kind));
      const period = periodOf(kind);
      // the net loss (every game's sums) is worked out only for a player who set that limit; the
      // deposits of the period are shown even without one
      const counts = period !== null && (s !== null || !kind.startsWith("loss_"));
      const counted = counts && period !== null ? await countedSince(env, userId, kind, periodStart(period, now)) : null;
      const inForce = s ? limitInForce(s, now) : null;
      const pending = s && s.pendingAt !== null && s.pendingAt > now ? { amount: dollarsOrNull(s.pendingAmount), at: s.pendingAt } : null;
      return {
        kind,
        amount: dollarsOrNull(inForce),
        pending,
        used: counted === null ? null : toDollars(Math.max(0, counted)),
        left: inForce === null ? null : toDollars(Math.max(0, inForce - (counted ?? 0))),
        resets_at: period === null ? null : periodReset(period, now),
      };
    }),
  );
  return {
    limits,
    exclusion: exclusion
      ? {
          kind: exclusion.kind,
          started_at: exclusion.startedAt,
          ends_at: exclusion.endsAt,
          lifts_at: exclusion.kind === "self_exclusion" ? exclusionEnd(exclusion) : null,
          active: exclusionActive(exclusion, now),
        }
      : null,
    terms: { current: TERMS.version, accepted: user?.terms_version ?? null, adult: (user?.adult_confirmed_at ?? null) !== null },
    reality_check_minutes: user?.reality_check_minutes ?? PROTECTION.realityCheckDefaultMinutes,
  };
}

/**
 * Sets a limit as shared/protection.ts changeLimit rules. The row is read and written in one
 * conditional statement: a concurrent change of the same limit makes this one fail its check and
 * be computed again (at most a few tries: false when every try lost to another change).
 */
export async function setLimit(env: Pick<Env, "DB">, userId: number, kind: LimitKind, wanted: number | null, now = Date.now()): Promise<boolean> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const row = await first<LimitRow & { updated_at: number }>(
      env.DB,
      sql`SELECT kind, amount, pending_amount, pending_at, updated_at FROM player_limits WHERE user_id = ${userId} AND kind = ${kind}`,
    );
    const next = changeLimit(stored(row ?? undefined), wanted, now);
    const res = row
      ? await run(
          env.DB,
          sql`UPDATE player_limits SET amount = ${next.amount}, pending_amount = ${next.pendingAmount}, pending_at = ${next.pendingAt}, updated_at = ${now}
               WHERE user_id = ${userId} AND kind = ${kind} AND updated_at = ${row.updated_at}`,
        )
      : await run(
          env.DB,
          sql`INSERT INTO player_limits (user_id, kind, amount, pending_amount, pending_at, updated_at)
               VALUES (${userId}, ${kind}, ${next.amount}, ${next.pendingAmount}, ${next.pendingAt}, ${now}) ON CONFLICT DO NOTHING`,
        );
    if (res.meta.changes === 1) return true;
  }
  return false;
}

export type ExcludeOutcome = { ok: true } | { ok: false; key: "user_api.break_not_shorter" };

/** When a break asked at `now` ends (null: never). */
export function breakEnd(kind: StoredExclusion["kind"], period: string, now: number): number | null | undefined {
  const table: Record<string, number | null> = kind === "timeout" ? PROTECTION.timeoutMs : PROTECTION.selfExclusionMs;
  if (!(period in table)) return undefined;
  const ms = table[period];
  return ms === null || ms === undefined ? null : now + ms;
}

/**
 * Starts a time-out or self-exclusion. One running is replaced only by one that ends no sooner
 * (a self-exclusion is never replaced by a time-out, a permanent one by nothing): a break cannot
 * be shortened, by the player or by staff.
 */
export async function startBreak(
  env: Pick<Env, "DB">,
  userId: number,
  kind: StoredExclusion["kind"],
  endsAt: number | null,
  now = Date.now(),
): Promise<ExcludeOutcome> {
  const current = await exclusionRow(env, userId);
  if (current && exclusionActive(current, now)) {
    // a permanent one (no end) is never replaced; another only by one ending no sooner
    const longer = current.endsAt !== null && (endsAt === null || endsAt >= current.endsAt);
    const downgrade = current.kind === "self_exclusion" && kind === "timeout";
    if (!longer || downgrade) return { ok: false, key: "user_api.break_not_shorter" };
  }
  // the row replaced only if it is still the one read (or none): a racing change is refused, not lost
  const [res] = await batch(env.DB, [
    sql`INSERT INTO player_exclusions (user_id, kind, started_at, ends_at, lift_requested_at) VALUES (${userId}, ${kind}, ${now}, ${endsAt}, NULL)
         ON CONFLICT (user_id) DO UPDATE SET kind = excluded.kind, started_at = excluded.started_at, ends_at = excluded.ends_at, lift_requested_at = NULL
         WHERE player_exclusions.started_at = ${current?.startedAt ?? -1}`,
    // with the break written, his open skins offers are due at once: the trade-bot queue cancels them (skins-deposit/queue.ts)
    sql`UPDATE skin_deposits SET next_attempt_at = ${now} WHERE user_id = ${userId} AND state IN ('sending', 'active')
         AND EXISTS (SELECT 1 FROM player_exclusions WHERE user_id = ${userId} AND started_at = ${now} AND kind = ${kind})`,
  ]);
  return res?.meta.changes === 1 ? { ok: true } : { ok: false, key: "user_api.break_not_shorter" };
}

/** Asks to end a self-exclusion past its end: it ends PROTECTION.liftWaitMs later. */
export async function requestLift(env: Pick<Env, "DB">, userId: number, now = Date.now()): Promise<boolean> {
  const res = await run(
    env.DB,
    sql`UPDATE player_exclusions SET lift_requested_at = ${now}
         WHERE user_id = ${userId} AND kind = 'self_exclusion' AND ends_at IS NOT NULL AND ends_at <= ${now} AND lift_requested_at IS NULL`,
  );
  return res.meta.changes === 1;
}

/** Keeps the player's interval between reality checks (minutes, 0: off) on his account. */
export async function setRealityCheck(env: Pick<Env, "DB">, userId: number, minutes: number): Promise<void> {
  await run(env.DB, sql`UPDATE users SET reality_check_minutes = ${minutes} WHERE id = ${userId}`);
}

/** Records the agreement's current version accepted, with the age confirmed, now. */
export async function acceptTerms(env: Pick<Env, "DB">, userId: number, now = Date.now()): Promise<void> {
  await run(env.DB, sql`UPDATE users SET terms_version = ${TERMS.version}, terms_accepted_at = ${now}, adult_confirmed_at = ${now} WHERE id = ${userId}`);
}
