// Every staff action leaves an audit_log row: who, whom, what, why (docs/architecture.md "Where things are").
// Put auditStatement() in the same D1 batch as the change it records, so both land or neither.
import { run, type SQL, sql } from "../db/sql";

export interface AuditEntry {
  actorId: number;
  /** e.g. "user.adjust", "user.ban", "maintenance.on" */
  action: string;
  targetUserId?: number | null;
  details?: Record<string, unknown>;
}

export function auditStatement(e: AuditEntry, now = Date.now()): SQL {
  return sql`INSERT INTO audit_log (actor_id, action, target_user_id, details, created_at) VALUES (${e.actorId}, ${e.action}, ${e.targetUserId ?? null}, ${JSON.stringify(e.details ?? {})}, ${now})`;
}

/** For an action that has no other statement to share a batch with. */
export async function writeAudit(env: Pick<Env, "DB">, e: AuditEntry): Promise<void> {
  await run(env.DB, auditStatement(e));
}
