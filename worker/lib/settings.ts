import { eq } from "drizzle-orm";
import { db } from "../db/client";
import { appSettings } from "../db/schema";
import { batch, sql } from "../db/sql";
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

/** The operator's message for the maintenance notice; null when none or maintenance is off. */
export async function readMaintenanceMessage(env: Pick<Env, "DB">): Promise<string | null> {
  if (!(await readMaintenance(env))) return null;
  return (await readSetting(env, MESSAGE_KEY)) || null;
}

const MESSAGE_KEY = "maintenance.message";

export interface MaintenanceState {
  maintenance: boolean;
  message: string | null;
}

/**
 * Switches maintenance on or off with the players' message (kept only while on); the flag, the
 * message and the audit row (before and after) land together or not at all.
 */
export async function saveMaintenance(env: Pick<Env, "DB">, actorId: number, enabled: boolean, message: string | null): Promise<MaintenanceState> {
  const before: MaintenanceState = { maintenance: await readMaintenance(env), message: await readMaintenanceMessage(env) };
  const after: MaintenanceState = { maintenance: enabled, message: enabled ? message || null : null };
  const value = String(enabled); // readMaintenance() compares with "true"
  await batch(env.DB, [
    sql`INSERT INTO app_settings (key, value) VALUES ('maintenance', ${value}) ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    after.message === null
      ? sql`DELETE FROM app_settings WHERE key = ${MESSAGE_KEY}`
      : sql`INSERT INTO app_settings (key, value) VALUES (${MESSAGE_KEY}, ${after.message}) ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    auditStatement({ actorId, action: "maintenance", details: { enabled, message: after.message }, before, after }),
  ]);
  return after;
}
