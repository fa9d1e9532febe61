import type { TestProject } from "vitest/node";
import { startFakeProviders } from "../fakes/providers.mjs";
import { DEV_TRADE_BOT_SECRET } from "../fakes/trade-bot.mjs";

// Starts the local fakes (Steam OpenID, VK ID, price feed) that speak the real protocols.
export default async function setup(project: TestProject) {
  // the fake trade bot refuses unsigned calls, as bot/ does (the binding TRADE_BOT_SECRET signs them)
  const fakes = await startFakeProviders({ port: 0, botSecret: DEV_TRADE_BOT_SECRET });
  project.provide("fakeBase", fakes.baseUrl);
  return async () => fakes.close();
}

declare module "vitest" {
  export interface ProvidedContext {
    fakeBase: string;
  }
}
