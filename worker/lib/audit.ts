// Every staff action leaves an audit_log row: who, when, what, the target, the state before and
// after, why, and the request's address (docs/security.md "Audit log"). Put auditStatement() in the
// same D1 batch as the change it records, so both land or neither. The table is append-only
// (migration 0019's triggers refuse UPDATE and DELETE).
import { run, type SQL, sql } from "../db/sql";
import { requestIp } from "./request-context";

export interface AuditEntry {
  actorId: number;
  /** e.g. "user.adjust", "user.ban", "maintenance" */
  action: string;
  targetUserId?: number | null;
  /** what the action was about (reason, ids, amounts) */
  details?: Record<string, unknown>;
  /** the state the action changed, before and after it */
  before?: unknown;
  after?: unknown;
  /** the staff request's address; default: the current request's (request-context.ts) */
  ip?: string | null;
}

const json = (v: unknown) => (v === undefined ? null : JSON.stringify(v));

function values(e: AuditEntry, now: number): SQL {
  const ip = e.ip === undefined ? requestIp() : e.ip;
  return sql`${e.actorId}, ${e.action}, ${e.targetUserId ?? null}, ${JSON.stringify(e.details ?? {})}, ${json(e.before)}, ${json(e.after)}, ${ip}, ${now}`;
}

const COLUMNS = sql.raw("(actor_id, action, target_user_id, details, before, after, ip, created_at)");

export function auditStatement(e: AuditEntry, now = Date.now()): SQL {
  return sql`INSERT INTO audit_log ${COLUMNS} VALUES (${values(e, now)})`;
}

/** An audit row written only when `when` holds at its place in the batch (a guarded action). */
export function auditStatementIf(e: AuditEntry, when: SQL, now = Date.now()): SQL {
  return sql`INSERT INTO audit_log ${COLUMNS} SELECT ${values(e, now)} WHERE ${when}`;
}

/** For an action that has no other statement to share a batch with. */
export async function writeAudit(env: Pick<Env, "DB">, e: AuditEntry): Promise<void> {
  await run(env.DB, auditStatement(e));
}
