import { eq } from "drizzle-orm";
import { db } from "../db/client";
import { appSettings, auditLog } from "../db/schema";

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
  await d.batch([
    d.insert(appSettings).values({ key: "maintenance", value }).onConflictDoUpdate({ target: appSettings.key, set: { value } }),
    d.insert(auditLog).values({ actorId, action: "maintenance", details: JSON.stringify({ enabled }) }),
  ]);
}
