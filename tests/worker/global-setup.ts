import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startBotService } from "../../scripts/lib/bot-service.mjs";
import { startFakeProviders } from "../fakes/providers.mjs";
import { DEV_TRADE_BOT_SECRET } from "../fakes/trade-bot.mjs";
import { freePort } from "../e2e/free-port";

// Starts the local fakes (Steam OpenID, VK ID, price feed, trade bot …) that speak the real
// protocols. TRADE_BOT=service: the trade bot is the real service (bot/) on the simulated Steam,
// driven through the same /control API as the fake (docs/trade-bot.md "Tests").
export default async function setup(project: TestProject) {
  // the fake trade bot refuses unsigned calls, as bot/ does (the binding TRADE_BOT_SECRET signs them)
  const fakes = await startFakeProviders({ port: 0, botSecret: DEV_TRADE_BOT_SECRET });
  project.provide("fakeBase", fakes.baseUrl);
  let bot: { url: string; stop: () => Promise<void> } | null = null;
  let dbDir = "";
  if (process.env.TRADE_BOT === "service") {
    dbDir = mkdtempSync(path.join(os.tmpdir(), "skinrush-bot-"));
    bot = await startBotService({
      root: path.resolve(import.meta.dirname, "../.."),
      port: await freePort(),
      dbDir,
      control: true,
      log: process.env.BOT_LOG === "1",
    });
  }
  project.provide("botBase", bot?.url ?? `${fakes.baseUrl}/bot`);
  return async () => {
    await bot?.stop();
    if (dbDir) rmSync(dbDir, { recursive: true, force: true });
    await fakes.close();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    fakeBase: string;
    botBase: string;
  }
}
