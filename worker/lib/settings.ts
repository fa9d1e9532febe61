import { eq } from "drizzle-orm";
import { db } from "../db/client";
import { appSettings } from "../db/schema";

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
