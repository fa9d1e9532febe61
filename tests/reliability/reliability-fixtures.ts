// What the reliability files share: a snapshot of every D1 table (what "nothing written" compares)
// and a raw socket on any room path.
import { env, exports } from "cloudflare:workers";
import { expect } from "vitest";
import { RoomClient } from "../worker/hub-client";

/** Every row of every table, one string per table. */
export async function snapshot(): Promise<Map<string, string>> {
  const tables = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations' ORDER BY name",
  ).all<{ name: string }>();
  const out = new Map<string, string>();
  for (const { name } of tables.results) {
    const rows = await env.DB.prepare(`SELECT * FROM "${name}" ORDER BY rowid`)
      .all()
      .catch(() => env.DB.prepare(`SELECT * FROM "${name}"`).all());
    out.set(name, JSON.stringify(rows.results));
  }
  return out;
}

/** The tables whose rows differ between two snapshots. */
export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...new Set([...before.keys(), ...after.keys()])].filter((t) => before.get(t) !== after.get(t));
}

/** A socket on `path` (any room), accepted. */
export async function openSocket<F extends { event: string; data: unknown }>(path: string): Promise<RoomClient<F>> {
  const res = await exports.default.fetch(`http://x${path}`, { headers: { Upgrade: "websocket" } });
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  ws.accept();
  return new RoomClient<F>(ws);
}
