// Helpers for the price worker tests: catalogue rows from the committed catalogue, users with
// sessions made directly (createSession), and an admin POST.
import { env, exports } from "cloudflare:workers";
import { catalogueEntries, type CatalogueEntry } from "../../shared/catalogue";
import { createSession } from "../../worker/auth/sessions";
import { db } from "../../worker/db/client";
import { users } from "../../worker/db/schema";
import { catalogueUpsertSql } from "../../worker/prices/catalogue-sql";
import { devPriceOf } from "../../scripts/seed/statements";

export const allEntries = catalogueEntries();

export function entries(names: string[]): CatalogueEntry[] {
  return names.map((n) => {
    const e = allEntries.find((x) => x.market_hash_name === n);
    if (!e) throw new Error(`not in the catalogue: ${n}`);
    return e;
  });
}

/** Runs SQL text statements as D1 batches (each batch is one transaction). */
export async function runSql(statements: string[], perBatch = 50) {
  for (let i = 0; i < statements.length; i += perBatch) {
    await env.DB.batch(statements.slice(i, i + perBatch).map((s) => env.DB.prepare(s)));
  }
}

/** Loads these catalogue entries at dev-model prices. */
export async function loadCatalogue(list: CatalogueEntry[]) {
  await runSql(catalogueUpsertSql(list, devPriceOf));
}

export async function catalogueMap(): Promise<Map<string, { price: number; price_updated_at: number }>> {
  const { results } = await env.DB.prepare("SELECT market_hash_name, price, price_updated_at FROM catalogue").all<{
    market_hash_name: string;
    price: number;
    price_updated_at: number;
  }>();
  return new Map(results.map((r) => [r.market_hash_name, r]));
}

let seq = 0;
export async function userWithToken(fields: Partial<typeof users.$inferInsert> = {}) {
  seq += 1;
  const user = await db(env)
    .insert(users)
    .values({ username: `pricer${seq}`, ...fields })
    .returning()
    .get();
  // a staff session past the second factor, as the dev login mints it
  const now = Date.now();
  return { user, token: await createSession(db(env), user.id, 24, now, user.isAdmin || user.isModerator ? now : null) };
}

export function postJson(path: string, body?: unknown, token?: string) {
  const headers: Record<string, string> = body === undefined ? {} : { "Content-Type": "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  return exports.default.fetch(`http://x${path}`, { method: "POST", headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

export async function auditActions(): Promise<{ actor_id: number; action: string; details: string }[]> {
  const { results } = await env.DB.prepare("SELECT actor_id, action, details FROM audit_log ORDER BY id").all<{
    actor_id: number;
    action: string;
    details: string;
  }>();
  return results;
}
