// The trade bot service (docs/trade-bot.md): `node src/main.ts` (Node ≥ 22.18), configured by
// the environment only. BOT_STEAM=simulated runs it against the simulated Steam (a local run or a
// test of the worker against the real service); anything else signs the accounts in to Steam.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { createBotServer } from "./http.ts";
import { Pool } from "./pool.ts";
import { TradeBotService } from "./service.ts";
import { SEEDED_INVENTORY, SimulatedControl } from "./control.ts";
import { SimulatedSteam } from "./simulated-steam.ts";
import type { SteamAccount } from "./steam.ts";
import { Store } from "./store.ts";

const config = z
  .object({
    /** the worker's TRADE_BOT_SECRET: every call is signed with it; security codes derive from it */
    BOT_SECRET: z.string().min(32, "BOT_SECRET must be at least 32 characters"),
    BOT_HOST: z.string().default("127.0.0.1"),
    BOT_PORT: z.coerce.number().int().min(1).max(65_535).default(8791),
    /** the SQLite file of the offers (kept across restarts: a restart must find every offer again) */
    BOT_DB: z.string().default("data/bot.sqlite"),
    BOT_SITE_NAME: z.string().min(1).max(40).default("SkinRush"),
    BOT_STEAM: z.enum(["steam", "simulated"]).default("steam"),
    /** steam: a JSON file of the accounts (docs/trade-bot.md "Accounts"); never in the environment itself */
    BOT_ACCOUNTS_FILE: z.string().optional(),
    /** simulated only: the fake bot's /control API (the worker's tests drive the service with it) */
    BOT_CONTROL: z.enum(["0", "1"]).default("0"),
  })
  .parse(process.env);

/**
 * The simulated Steam of a local run: two bot accounts holding a few catalogue skins; every trade
 * link the site asks about is a player with the fake bot's seeded skins, who accepts an offer
 * after ~2 s — or, with BOT_CONTROL=1, does what the test control set for the link.
 */
function simulated(store: Store): { accounts: SteamAccount[]; control: SimulatedControl | null; steam: SimulatedSteam } {
  const control = config.BOT_CONTROL === "1" ? new SimulatedControl(store, "sim-bot-1") : null;
  const steam = new SimulatedSteam({ seedInventory: SEEDED_INVENTORY, ...(control ? { behaviour: control.behaviour() } : { acceptAfterMs: 2_000 }) });
  const accounts = [
    steam.account("sim-bot-1", ["AK-47 | Redline (Field-Tested)", "AWP | Asiimov (Field-Tested)", "USP-S | Cortex (Field-Tested)"], { confirmations: true }),
    steam.account("sim-bot-2", ["M4A1-S | Hyper Beast (Minimal Wear)", "Glock-18 | Water Elemental (Field-Tested)"], { confirmations: true }),
  ];
  return { accounts, control, steam };
}

async function accounts(store: Store): Promise<{ accounts: SteamAccount[]; control: SimulatedControl | null; steam?: SimulatedSteam }> {
  if (config.BOT_STEAM === "simulated") return simulated(store);
  if (config.BOT_CONTROL === "1") throw new Error("BOT_CONTROL=1 needs BOT_STEAM=simulated");
  if (!config.BOT_ACCOUNTS_FILE) throw new Error("BOT_ACCOUNTS_FILE is required with BOT_STEAM=steam");
  // the Steam libraries load only here: the service's logic and its tests never need them
  const { signInAccounts } = await import("./steam-adapter.ts");
  return { accounts: signInAccounts(config.BOT_ACCOUNTS_FILE, path.dirname(config.BOT_DB)), control: null };
}

mkdirSync(path.dirname(config.BOT_DB), { recursive: true });
const store = new Store(config.BOT_DB);
const { accounts: list, control, steam } = await accounts(store);
const pool = new Pool(list);
const service = new TradeBotService({ store, pool, secret: config.BOT_SECRET, site: config.BOT_SITE_NAME });
if (control && steam) control.attach(steam, service);
const server = createBotServer({ service, secret: config.BOT_SECRET, nonces: store, ...(control ? { control } : {}) });
server.listen(config.BOT_PORT, config.BOT_HOST, () => {
  console.log(JSON.stringify({ msg: "listening", host: config.BOT_HOST, port: config.BOT_PORT, steam: config.BOT_STEAM, accounts: pool.accounts.length }));
});

function stop(): void {
  server.close(() => {
    store.close();
    process.exit(0);
  });
}
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
