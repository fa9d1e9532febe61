import { readFileSync } from "node:fs";
import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { DEV_TRADE_BOT_SECRET } from "../fakes/trade-bot.mjs";
import {
  devBonusChainSeed,
  devGiveawayChainSeed,
  devStaffOtpKey,
  devWheelChainSeed,
  jackpotDevVars,
  sandboxPaymentVars,
  shortWheelTimerVars,
  telegramDevVars,
} from "../../scripts/lib/site.mjs";

const root = path.resolve(import.meta.dirname, "../..");
/** the dev-only crash chain (scripts/new-crash-chain.mjs --dev); wrangler.toml holds its public half */
const devCrashChain = JSON.parse(readFileSync(path.join(root, "scripts/dev-crash-chain.json"), "utf8")) as { seed: string };

export default defineConfig({
  plugins: [
    cloudflareTest(async ({ inject }) => ({
      wrangler: { configPath: path.join(root, "wrangler.toml") },
      miniflare: {
        bindings: {
          DEV_MODE: "true",
          APP_ORIGIN: "http://127.0.0.1:8787",
          TEST_MIGRATIONS: await readD1Migrations(path.join(root, "migrations")),
          // fake OpenID / OAuth / price providers started by globalSetup (tests/fakes)
          STEAM_OPENID_URL: `${inject<string>("fakeBase")}/steam/openid/login`,
          VK_ID_URL: `${inject<string>("fakeBase")}/vk`,
          VK_CLIENT_ID: "51234567",
          VK_CLIENT_SECRET: "vk-test-secret",
          PRICE_FEED_URL: `${inject<string>("fakeBase")}/prices`,
          // the fake trade bot of skin withdrawals (tests/fakes/trade-bot.mjs)
          // (the real service on the simulated Steam with TRADE_BOT=service: global-setup.ts)
          TRADE_BOT_URL: inject<string>("botBase"),
          TRADE_BOT_SECRET: DEV_TRADE_BOT_SECRET,
          // the fake image CDN (tests/fakes/images.mjs)
          ITEM_IMAGE_BASE_URL: `${inject<string>("fakeBase")}/img`,
          // the fake avatar hosts (tests/fakes/images.mjs createAvatarFake)
          AVATAR_IMAGE_BASE_URL: `${inject<string>("fakeBase")}/avatar`,
          // the sandbox payment provider (tests/fakes/payments.mjs), set up as `npm start` sets it
          ...sandboxPaymentVars(`${inject<string>("fakeBase")}`),
          // dev-only crash chain seed (its length/terminal/salt are in wrangler.toml [vars])
          CRASH_CHAIN_SEED: devCrashChain.seed,
          // the jackpot rooms' short timers and dev chain seed, as `npm start` and the e2e server run them
          ...jackpotDevVars(),
          // the wheel's dev chain and short rounds (production timers are in wrangler.toml)
          WHEEL_CHAIN_SEED: devWheelChainSeed(),
          ...shortWheelTimerVars(4_000),
          // the bonus pool's dev chain (its length/terminal/salt are in wrangler.toml [vars])
          BONUS_CHAIN_SEED: devBonusChainSeed(),
          // the giveaways' dev chain and the fake Telegram (tests/fakes/telegram.mjs)
          GIVEAWAY_CHAIN_SEED: devGiveawayChainSeed(),
          // relays on, two watchers each, so the tests fill more than one (docs/relay.md)
          RELAY_SOCKETS: "2",
          // DEV ONLY: the staff TOTP secrets' key (scripts/dev-staff-otp-key.json), as `npm start` has it
          STAFF_OTP_KEY: devStaffOtpKey(),
          ...telegramDevVars(`${inject<string>("fakeBase")}`),
        },
      },
    })),
  ],
  test: {
    root,
    include: ["tests/worker/**/*.test.ts"],
    globalSetup: [path.join(root, "tests/worker/global-setup.ts")],
    setupFiles: [path.join(root, "tests/worker/apply-migrations.ts")],
  },
});
