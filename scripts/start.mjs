// npm start: build the SPA, migrate and seed the local D1 once, run the site on
// http://127.0.0.1:8787 with the dev flag on (dev login, local sign-in fakes, the sandbox
// payment provider).
import { spawnSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { ensureNode22 } from "./lib/node22.mjs";

ensureNode22();

const { demoGiveawayCatalogueId, ensureDemoGiveaway, ensureDemoTournament, migrateLocal, root, seedLocal, startSite } = await import("./lib/site.mjs");

const port = Number(process.env.PORT ?? 8787);
const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);

console.log("[start] applying local D1 migrations");
migrateLocal();
if (seedLocal()) console.log("[start] seeded the catalogue and demo data");
const giveawayItem = demoGiveawayCatalogueId();

// TRADE_BOT=service: the real trade bot service (bot/) on the simulated Steam instead of the fake
// (docs/trade-bot.md "Running the site against the real service locally")
async function startBot() {
  const dbDir = path.join(root, ".wrangler/state/bot");
  mkdirSync(dbDir, { recursive: true });
  return (await import("./lib/bot-service.mjs")).startBotService({ root, dbDir });
}
const bot = process.env.TRADE_BOT === "service" ? await startBot() : null;
if (bot) console.log(`[start] the trade bot service runs on ${bot.url} (simulated Steam)`);
const site = await startSite({ port, fakesPort: Number(process.env.FAKES_PORT ?? 8790), vars: bot ? { TRADE_BOT_URL: bot.url } : {} });
// a giveaway to join (a repeating one: the next follows each draw), with the local Telegram's flow
if (giveawayItem !== null && (await ensureDemoGiveaway(site.url, giveawayItem))) console.log('[start] started a demo giveaway (docs/games.md "Giveaways")');
// and a daily tournament (docs/games.md "Tournaments") when staff have not set one up yet
if (await ensureDemoTournament(site.url)) console.log('[start] started a demo tournament (docs/games.md "Tournaments")');
console.log(`[start] ready on ${site.url} (dev login is in the login dialog)`);
console.log(`[start] deposits go through the sandbox payment provider at ${site.fakesUrl}/pay (Pay / Decline pages; docs/payments.md "Payments")`);
const shutdown = async () => {
  await site.stop();
  await bot?.stop();
  process.exit(0);
};
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
