import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { executeLocalSql, migrateLocal, root, seedLocal, shortBonusVars, shortWheelTimerVars, startSite } from "../../scripts/lib/site.mjs";
import { freePort } from "./free-port";
import { seedCrashBetsSql, seedStuckWithdrawalSql } from "./history-seed";

// A fresh local D1 (its own state dir), seeded with the demo data, and wrangler dev on free ports.
export default async function setup(project: TestProject) {
  if (!process.env.E2E_SKIP_BUILD) {
    // the production build a player gets: vitest sets NODE_ENV=test, which Vite would keep (React's
    // development build, ~60 KB more and slower)
    const r = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
    if (r.status !== 0) throw new Error("build failed");
  }
  const persistTo = mkdtempSync(path.join(os.tmpdir(), "skinrush-e2e-state-"));
  migrateLocal({ persistTo });
  seedLocal({ persistTo });
  // a player with 45 settled crash bets (profile-history.e2e.ts), before the crash room starts
  executeLocalSql(seedCrashBetsSql(), { persistTo });
  // a skin withdrawal waiting on the trade bot (the dashboard's list, the player's history)
  executeLocalSql(seedStuckWithdrawalSql(), { persistTo });
  // every browser page connects from 127.0.0.1: a roomy per-IP socket cap for the whole run
  const site = await startSite({
    port: await freePort(),
    fakesPort: await freePort(),
    persistTo,
    log: false,
    vars: { WS_MAX_PER_IP: "500", ...shortWheelTimerVars(), ...shortBonusVars() },
  });
  project.provide("baseUrl", site.url);
  return async () => {
    await site.stop();
    rmSync(persistTo, { recursive: true, force: true });
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
