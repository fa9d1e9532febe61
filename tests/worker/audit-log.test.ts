// The staff audit log is append-only (docs/security.md "Audit log"): a row once written can be
// neither changed nor deleted, whoever asks.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { writeAudit } from "../../worker/lib/audit";
import { makeUser } from "./user-fixtures";

describe("audit log", () => {
  it("refuses every UPDATE and DELETE, keeping the row as written", async () => {
    const staff = await makeUser({ isAdmin: true });
    await writeAudit(env, { actorId: staff.user.id, action: "test.append_only", details: { n: 1 } });
    const row = await env.DB.prepare("SELECT * FROM audit_log WHERE actor_id = ?1")
      .bind(staff.user.id)
      .first<{ id: number; action: string; details: string }>();
    expect(row).toMatchObject({ action: "test.append_only", details: '{"n":1}' });
    for (const statement of [
      "UPDATE audit_log SET action = 'rewritten' WHERE id = ?1",
      "UPDATE audit_log SET details = '{}' WHERE id = ?1",
      "DELETE FROM audit_log WHERE id = ?1",
    ]) {
      await expect(env.DB.prepare(statement).bind(row?.id).run(), statement).rejects.toThrow(/append-only/);
    }
    await expect(env.DB.prepare("DELETE FROM audit_log").run()).rejects.toThrow(/append-only/);
    expect(await env.DB.prepare("SELECT action, details FROM audit_log WHERE id = ?1").bind(row?.id).first()).toEqual({
      action: "test.append_only",
      details: '{"n":1}',
    });
  });
});
