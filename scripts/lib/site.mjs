// Starts the whole site locally: builds nothing (callers build first), applies the local D1
// migrations, seeds once, starts the local sign-in/price fakes and `wrangler dev` with the
// dev flag on. Used by `npm start` and by the end-to-end tests (on other ports and state dirs).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { SANDBOX } from "../../tests/fakes/payments.mjs";
import { startFakeProviders } from "../../tests/fakes/providers.mjs";
import { FAKE_TELEGRAM } from "../../tests/fakes/telegram.mjs";
import { DEV_TRADE_BOT_SECRET } from "../../tests/fakes/trade-bot.mjs";
import { SEED_VERSION } from "../seed/version.mjs";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const wranglerBin = path.join(root, "node_modules", ".bin", "wrangler");

export const quietEnv = {
  ...process.env,
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_SEND_METRICS: "false",
  NO_UPDATE_NOTIFIER: "1",
};

/** @param {string[]} args @param {{ persistTo?: string }} [opts] */
function wrangler(args, { persistTo } = {}) {
  const full = [...args, ...(persistTo ? ["--persist-to", persistTo] : [])];
  const r = spawnSync(wranglerBin, full, { cwd: root, env: quietEnv, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  if (r.status !== 0) throw new Error(`wrangler ${args.join(" ")} failed:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

/**
 * The SPA the worker serves (wrangler.toml `assets`): built once when dist/web is missing (a fresh
 * clone), so a bench or a script can start the site without `npm start` first.
 */
export function ensureBuilt() {
  if (existsSync(path.join(root, "dist", "web", "index.html"))) return;
  const r = spawnSync(path.join(root, "node_modules", ".bin", "vite"), ["build"], { cwd: root, env: quietEnv, stdio: ["ignore", "inherit", "inherit"] });
  if (r.status !== 0) throw new Error("vite build failed");
}

/** @param {{ persistTo?: string }} [opts] */
export function migrateLocal({ persistTo } = {}) {
  wrangler(["d1", "migrations", "apply", "DB", "--local"], { persistTo });
}

/** @param {{ persistTo?: string }} opts */
function isSeeded({ persistTo }) {
  const out = wrangler(["d1", "execute", "DB", "--local", "--json", "--command", "SELECT value FROM app_settings WHERE key = 'seed_version'"], { persistTo });
  return out.includes(`"${SEED_VERSION}"`);
}

/**
 * A catalogue entry for the demo giveaway (priced $5–$30), read before the site starts.
 * @param {{ persistTo?: string }} [opts] @returns {number | null}
 */
export function demoGiveawayCatalogueId({ persistTo } = {}) {
  const out = wrangler(
    ["d1", "execute", "DB", "--local", "--json", "--command", "SELECT id FROM catalogue WHERE price BETWEEN 500 AND 3000 ORDER BY id LIMIT 1"],
    { persistTo },
  );
  const id = JSON.parse(out)?.[0]?.results?.[0]?.id;
  return Number.isSafeInteger(id) ? id : null;
}

/**
 * Local demo: when no giveaway runs, an admin (dev login) starts a repeating one of `catalogueId`
 * with the Telegram condition on, through the real staff route (docs/games.md "Giveaways").
 * @param {string} url @param {number} catalogueId
 */
export async function ensureDemoGiveaway(url, catalogueId) {
  const active = await (await fetch(`${url}/api/giveaways/getActive`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" })).json();
  if (active.giveaway) return false;
  const { api_token } = await (await fetch(`${url}/api/auth/test-login?username=Admin&role=admin`)).json();
  const res = await fetch(`${url}/api/admin/giveaways/create`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${api_token}` },
    body: JSON.stringify({ catalogue_id: catalogueId, duration_ms: 15 * 60_000, telegram: true, repeat: true }),
  });
  if (!res.ok) throw new Error(`demo giveaway: ${res.status} ${await res.text()}`);
  return true;
}

/**
 * Local demo: when no tournament template exists, an admin saves a daily one and starts it
 * through the real staff route (docs/games.md "Tournaments").
 * @param {string} url
 */
export async function ensureDemoTournament(url) {
  const { api_token } = await (await fetch(`${url}/api/auth/test-login?username=Admin&role=admin`)).json();
  const headers = { "Content-Type": "application/json", Authorization: `Bearer ${api_token}` };
  const current = await (await fetch(`${url}/api/admin/tournaments/template`, { method: "POST", headers, body: "{}" })).json();
  if (current.template.enabled || current.running) return false;
  const res = await fetch(`${url}/api/admin/tournaments/save-template`, {
    method: "POST",
    headers,
    body: JSON.stringify({
      enabled: true,
      name_ru: "Турнир дня",
      name_en: "Tournament of the day",
      description_ru: "Ставьте в Краше, Джекпоте, Колесе и кейсах — каждый цент ставки приносит очко.",
      description_en: "Bet in Crash, Jackpot, Wheel and Cases: every cent staked earns a point.",
      duration_ms: 24 * 60 * 60_000,
      prizes: [50, 25, 15, 7, 3],
      min_payment: 5,
      start_now: true,
    }),
  });
  if (!res.ok) throw new Error(`demo tournament: ${res.status} ${await res.text()}`);
  return true;
}

/** Catalogue + demo data, once per seed version and state dir (the SQL itself is idempotent). */
/** @param {{ persistTo?: string, demo?: boolean }} [opts] */
export function seedLocal({ persistTo, demo = true } = {}) {
  if (isSeeded({ persistTo })) return false;
  const tmp = mkdtempSync(path.join(os.tmpdir(), "skinrush-seed-"));
  const file = path.join(tmp, "seed.sql");
  const r = spawnSync(process.execPath, [path.join(root, "scripts", "seed-sql.mjs"), file, ...(demo ? ["--demo"] : [])], {
    cwd: root,
    stdio: "inherit",
  });
  if (r.status !== 0) throw new Error("seed-sql failed");
  wrangler(["d1", "execute", "DB", "--local", "--file", file], { persistTo });
  return true;
}

/**
 * Runs SQL statements on the local D1 (a test fixture written before the site starts).
 * @param {string} statements @param {{ persistTo?: string }} [opts]
 */
export function executeLocalSql(statements, { persistTo } = {}) {
  const tmp = mkdtempSync(path.join(os.tmpdir(), "skinrush-sql-"));
  const file = path.join(tmp, "fixture.sql");
  writeFileSync(file, statements);
  wrangler(["d1", "execute", "DB", "--local", "--file", file], { persistTo });
}

/**
 * Starts fakes + wrangler dev. Resolves when the site answers; returns { url, stop }.
 * `vars` override wrangler vars (e.g. WS_MAX_PER_IP for a run that opens many sockets from one IP).
 * @param {{ port?: number, fakesPort?: number, persistTo?: string, log?: boolean, vars?: Record<string, string>, direct?: boolean }} opts (direct: also find the worker's own address, directUrl)
 */
export async function startSite({ port = 8787, fakesPort = 8790, persistTo, log = true, vars: extraVars = {}, direct = false } = {}) {
  const origin = `http://127.0.0.1:${port}`;
  // the sandbox payment provider calls the site back and returns the player to it (docs/payments.md "Payments")
  const fakes = await startFakeProviders({
    port: fakesPort,
    payments: {
      sci: { notifyUrl: `${origin}/api/payment/callback/freekassa`, successUrl: `${origin}/deposit/success`, failUrl: `${origin}/deposit/fail` },
      stripe: { webhookUrl: `${origin}/api/payment/webhook/stripe` },
    },
    botSecret: DEV_TRADE_BOT_SECRET,
  });
  const vars = {
    DEV_MODE: "true",
    APP_ORIGIN: origin,
    STEAM_OPENID_URL: `${fakes.baseUrl}/steam/openid/login`,
    VK_ID_URL: `${fakes.baseUrl}/vk`,
    VK_CLIENT_ID: "51234567",
    // the fake trade bot (tests/fakes/trade-bot.mjs): skin withdrawals work locally
    TRADE_BOT_URL: `${fakes.baseUrl}/bot`,
    // DEV ONLY, public: the calls to it signed as a real bot requires (production: wrangler secret put TRADE_BOT_SECRET)
    TRADE_BOT_SECRET: DEV_TRADE_BOT_SECRET,
    // the fake image CDN (tests/fakes/images.mjs): some pictures load, some fail (fallback SVG)
    ITEM_IMAGE_BASE_URL: `${fakes.baseUrl}/img`,
    // the fake avatar hosts (tests/fakes/images.mjs): a stored avatar is asked of <fakes>/avatar/<host><path>
    AVATAR_IMAGE_BASE_URL: `${fakes.baseUrl}/avatar`,
    // the sandbox payment provider (tests/fakes/payments.mjs) with its own test credentials:
    // card and wallet B through its FreeKassa-style form, card 2 through its Stripe-style
    // Checkout, wallet A through its wallet history (a real deployment sets these with
    // `wrangler secret put` and the providers' own URLs: docs/payments.md "Payments")
    ...sandboxPaymentVars(fakes.baseUrl),
    // dev-only crash chain seed (scripts/dev-crash-chain.json, matching the wrangler.toml dev
    // chain); a real deployment uses `wrangler secret put CRASH_CHAIN_SEED`
    CRASH_CHAIN_SEED: devCrashChainSeed(),
    // the jackpot rooms with short timers and the dev chains' seed (production: wrangler.toml defaults)
    ...jackpotDevVars(),
    // the same for the wheel (scripts/dev-wheel-chain.json)
    WHEEL_CHAIN_SEED: devWheelChainSeed(),
    // and the bonus pool (scripts/dev-bonus-chain.json)
    BONUS_CHAIN_SEED: devBonusChainSeed(),
    // and the giveaways (scripts/dev-giveaway-chain.json)
    GIVEAWAY_CHAIN_SEED: devGiveawayChainSeed(),
    // DEV ONLY: the staff TOTP secrets' encryption key (scripts/dev-staff-otp-key.json, public);
    // a real deployment uses `wrangler secret put STAFF_OTP_KEY`
    STAFF_OTP_KEY: devStaffOtpKey(),
    // the fake Telegram (tests/fakes/telegram.mjs): its Login Widget page and Bot API, with the
    // fake's bot token and channel, so the giveaway's subscription condition works locally
    ...telegramDevVars(fakes.baseUrl),
    // visitors watch the crash room through relays of 100 sockets (docs/relay.md), as production may
    RELAY_SOCKETS: "100",
    ...extraVars,
  };
  const args = ["dev", "--ip", "127.0.0.1", "--port", String(port), "--show-interactive-dev-session=false", "--log-level", log ? "info" : "warn"];
  for (const [k, v] of Object.entries(vars)) args.push("--var", `${k}:${v}`);
  if (persistTo) args.push("--persist-to", persistTo);
  const child = spawn(wranglerBin, args, {
    cwd: root,
    env: quietEnv,
    stdio: log ? ["ignore", "inherit", "inherit"] : ["ignore", "ignore", "pipe"],
    detached: true,
  });
  let stderr = "";
  child.stderr?.on("data", (d) => (stderr += d));
  const stop = async () => {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {}
    await fakes.close();
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const res = await fetch(`${origin}/api/getConfig`, { method: "POST" });
      if (res.ok) return { url: origin, directUrl: direct ? await directOrigin(child.pid, port) : null, fakesUrl: fakes.baseUrl, stop };
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`wrangler dev did not start on ${origin}\n${stderr}`);
}

/**
 * The worker's own address behind `wrangler dev`'s local proxy, or null where it cannot be found
 * (not Linux). `wrangler dev` runs two runtimes: a proxy on the given port, which forwards every
 * request and socket to the one that runs the worker, on a port of its own. A connection through
 * the proxy costs four file descriptors (its two, the worker's and a duplicate), a direct one two,
 * so the load benches reach twice the sockets under the same open-file limit (docs/benchmarks.md).
 * Found from /proc: the listening sockets of the wrangler process's runtimes, asked in turn for
 * /api/getConfig (the proxy's port and the runtimes' control ports do not answer it).
 * @param {number | undefined} wranglerPid @param {number} proxyPort @returns {Promise<string | null>}
 */
async function directOrigin(wranglerPid, proxyPort) {
  if (!wranglerPid || !existsSync("/proc/self/net/tcp")) return null;
  const children = new Map();
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      const ppid = readFileSync(`/proc/${pid}/stat`, "utf8")
        .replace(/^.*\) /, "")
        .split(" ")[1];
      children.set(ppid, [...(children.get(ppid) ?? []), pid]);
    } catch {}
  }
  const family = [];
  for (let todo = [String(wranglerPid)]; todo.length; ) {
    const pid = todo.pop();
    family.push(pid);
    todo.push(...(children.get(pid) ?? []));
  }
  const inodes = new Set();
  for (const pid of family) {
    try {
      for (const fd of readdirSync(`/proc/${pid}/fd`)) {
        const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (m) inodes.add(m[1]);
      }
    } catch {}
  }
  // /proc/net/tcp: "sl local_address rem_address st ... inode"; st 0A = LISTEN, address hex ip:port
  const ports = readFileSync("/proc/self/net/tcp", "utf8")
    .split("\n")
    .slice(1)
    .map((l) => l.trim().split(/\s+/))
    .filter((f) => f[3] === "0A" && inodes.has(f[9]) && f[1].startsWith("0100007F:"))
    .map((f) => Number.parseInt(f[1].split(":")[1], 16));
  for (const port of ports) {
    if (port === proxyPort) continue;
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/getConfig`, { method: "POST", signal: AbortSignal.timeout(2_000) });
      if (res.ok && (await res.json()).dev === true) return `http://127.0.0.1:${port}`;
    } catch {}
  }
  return null;
}

/** The dev chain's secret seed (scripts/new-crash-chain.mjs --dev --out scripts/dev-crash-chain.json). */
export function devCrashChainSeed() {
  return JSON.parse(readFileSync(path.join(root, "scripts", "dev-crash-chain.json"), "utf8")).seed;
}

/**
 * The jackpot rooms as `npm start`, the e2e server and the worker tests run them (docs/games.md "Jackpot"):
 * short timers (countdown 6 s, spinner 4 s, winner shown 3 s, a single player's items back after
 * 60 s) and the dev chains' seed (scripts/dev-jackpot-chain.json; a real deployment uses
 * `wrangler secret put JACKPOT_CHAIN_SEED` and wrangler.toml's timers).
 */
export function jackpotDevVars() {
  const levels = Object.fromEntries(["low", "medium", "high"].map((level) => [level, { countdownMs: 6_000 }]));
  return {
    JACKPOT_LEVELS: JSON.stringify(levels),
    JACKPOT_TIMERS: JSON.stringify({ spinMs: 4_000, waitingMs: 3_000, soloTimeoutMs: 60_000 }),
    JACKPOT_CHAIN_SEED: JSON.parse(readFileSync(path.join(root, "scripts", "dev-jackpot-chain.json"), "utf8")).seed,
  };
}

/** The dev wheel chain's secret seed (scripts/dev-wheel-chain.json, made like the crash one). */
export function devWheelChainSeed() {
  return JSON.parse(readFileSync(path.join(root, "scripts", "dev-wheel-chain.json"), "utf8")).seed;
}

/** The dev bonus pool chain's secret seed (scripts/dev-bonus-chain.json, made like the crash one). */
export function devGiveawayChainSeed() {
  return JSON.parse(readFileSync(path.join(root, "scripts", "dev-giveaway-chain.json"), "utf8")).seed;
}

/**
 * DEV ONLY: the key the staff TOTP secrets are encrypted with at rest (docs/security.md "Second
 * factor") for `npm start`, the e2e server and the worker tests (scripts/dev-staff-otp-key.json).
 * It is in the repository, so it protects nothing; production sets its own secret.
 */
export function devStaffOtpKey() {
  return JSON.parse(readFileSync(path.join(root, "scripts", "dev-staff-otp-key.json"), "utf8")).key;
}

/** The fake Telegram's bot and channel (tests/fakes/telegram.mjs) at the fakes' base URL. */
export function telegramDevVars(fakesUrl) {
  return {
    TELEGRAM_BOT_TOKEN: FAKE_TELEGRAM.botToken,
    TELEGRAM_CHANNEL: FAKE_TELEGRAM.channel,
    TELEGRAM_API_URL: `${fakesUrl}/telegram/api`,
    TELEGRAM_OAUTH_URL: `${fakesUrl}/telegram/oauth`,
    TELEGRAM_CHANNEL_URL: `${fakesUrl}/telegram/channel`,
  };
}

export function devBonusChainSeed() {
  return JSON.parse(readFileSync(path.join(root, "scripts", "dev-bonus-chain.json"), "utf8")).seed;
}

/**
 * Short wheel rounds for the e2e server (9 s of betting: two browsers bet through the screen) and
 * the worker tests (4 s): production's 20 + 10 + 4 s are in wrangler.toml.
 * @param {number} [countdownMs]
 */
export function shortWheelTimerVars(countdownMs = 9_000) {
  return { WHEEL_COUNTDOWN_MS: String(countdownMs), WHEEL_SPIN_MS: "2500", WHEEL_RESULT_MS: "1500" };
}

/**
 * The bonus pool for the end-to-end run: a 12 s round whose timer starts at 1 cent (a $1 crash
 * bet's 1 % share), one chat message and $1 of crash bets to join, the default nickname tag;
 * production's day-long round and $1 minimum are in wrangler.toml.
 */
export function shortBonusVars() {
  return { BONUS_ROUND_MS: "12000", BONUS_MIN_BANK_CENTS: "1", BONUS_MIN_CHAT_MESSAGES: "1", BONUS_MIN_CRASH_BET_CENTS: "100" };
}

/** wrangler vars pointing every payment method at the sandbox provider under `fakesUrl`. */
export function sandboxPaymentVars(fakesUrl) {
  return {
    FREEKASSA_FORM_URL: `${fakesUrl}/pay/sci/`,
    FREEKASSA_MERCHANT_ID: SANDBOX.sci.merchantId,
    FREEKASSA_SECRET_1: SANDBOX.sci.secret1,
    FREEKASSA_SECRET_2: SANDBOX.sci.secret2,
    FREEKASSA_WALLET_B_METHOD: "6",
    STRIPE_API_URL: `${fakesUrl}/pay/stripe`,
    STRIPE_SECRET_KEY: SANDBOX.stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: SANDBOX.stripe.webhookSecret,
    WALLET_A_API_URL: `${fakesUrl}/pay/wallet`,
    WALLET_A_ACCOUNT: SANDBOX.wallet.account,
    WALLET_A_TOKEN: SANDBOX.wallet.token,
    WALLET_A_PAY_URL: `${fakesUrl}/pay/wallet/pay`,
    // money withdrawals: FreeKassa API v1 payouts (docs/payments.md "Money withdrawals")
    FREEKASSA_API_URL: `${fakesUrl}/pay/api`,
    FREEKASSA_API_KEY: SANDBOX.api.key,
    FREEKASSA_PAYOUT_METHODS: SANDBOX.api.methods,
  };
}
