import { eq } from "drizzle-orm";
import { db } from "../db/client";
import { appSettings } from "../db/schema";
import { batch } from "../db/sql";
import { auditStatement } from "./audit";

export async function readSetting(env: Pick<Env, "DB">, key: string): Promise<string | undefined> {
  const row = await db(env).select().from(appSettings).where(eq(appSettings.key, key)).get();
  return row?.value;
}

export async function writeSetting(env: Pick<Env, "DB">, key: string, value: string): Promise<void> {
  await db(env).insert(appSettings).values({ key, value }).onConflictDoUpdate({ target: appSettings.key, set: { value } });
}

export async function deleteSetting(env: Pick<Env, "DB">, key: string): Promise<void> {
  await db(env).delete(appSettings).where(eq(appSettings.key, key));
}

/** Maintenance: bets are blocked while on (§4). */
export async function readMaintenance(env: Pick<Env, "DB">): Promise<boolean> {
  return (await readSetting(env, "maintenance")) === "true";
}

/** Switches maintenance on or off; the flag and its audit row land together or not at all. */
export async function saveMaintenance(env: Pick<Env, "DB">, actorId: number, enabled: boolean): Promise<void> {
  const d = db(env);
  const value = String(enabled); // readMaintenance() compares with "true"
  const before = await readMaintenance(env);
  await batch(env.DB, [
    d.insert(appSettings).values({ key: "maintenance", value }).onConflictDoUpdate({ target: appSettings.key, set: { value } }),
    auditStatement({ actorId, action: "maintenance", details: { enabled }, before: { enabled: before }, after: { enabled } }),
  ]);
}
