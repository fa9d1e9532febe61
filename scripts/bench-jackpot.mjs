// `npm run bench:jackpot [-- --players N]`: one jackpot round on the medium room with N simulated
// players (default 500) over real WebSockets on a local `wrangler dev` (loopback only), plus the
// same baseline as bench:crash: the runtime's own keepalive ping/pong on /ws/hub for N sockets.
//
// How: a fresh state dir is migrated and seeded; N users `bench_<i>` with one item each are
// inserted with ONE SQL file; they sign in (test-login), open /ws/jackpot?level=medium and
// identify. The room runs with maxPlayers N + 10 and a countdown of --countdown ms (default
// --spread + 5 s). Two players bet first (the second starts the countdown), then every other
// player sends POST /api/jackpot/setBet at a random moment within --spread ms. Reported: bet ack
// (request → answer) p50/p99, frames and bytes per socket from the first bet to newGameJackpot
// (jackpotNewBet is coalesced: one frame per 100 ms window, not one per bet), and the baseline.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { createServer } from "node:net";
import { performance } from "node:perf_hooks";
import { ensureNode22 } from "./lib/node22.mjs";

ensureNode22();
const { migrateLocal, quietEnv, root, seedLocal, startSite } = await import("./lib/site.mjs");

// ── options ─────────────────────────────────────────────────────────────────
const opts = { log: 0, players: 500, spread: 5000, countdown: 0, batch: 50, pings: 5, timeout: 300 };
for (let i = 2; i < process.argv.length; i++) {
  const [flag, inline] = process.argv[i].split("=");
  const key = flag.replace(/^--/, "");
  if (!(key in opts)) {
    console.error(
      `unknown option ${flag}; options: ${Object.keys(opts)
        .map((k) => `--${k}`)
        .join(" ")}`,
    );
    process.exit(2);
  }
  opts[key] = Number(inline ?? process.argv[++i]);
  if (!Number.isFinite(opts[key]) || opts[key] < 0) throw new Error(`bad value for ${flag}`);
}
const N = Math.max(2, Math.floor(opts.players));
const LEVEL = "medium";
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const log = (...a) => console.log(`[bench ${new Date().toISOString().slice(11, 23)}]`, ...a);

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

function pct(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
const ms = (v) => (Number.isFinite(v) ? `${v.toFixed(1)} ms` : "—");

async function pool(items, limit, fn) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        await fn(items[i], i);
      }
    }),
  );
}

// ── the site ────────────────────────────────────────────────────────────────
let site;
let stateDir;
let sockets = [];
let stopping = false;
async function cleanup() {
  if (stopping) return;
  stopping = true;
  for (const s of sockets) {
    try {
      s.ws.close();
    } catch {}
  }
  await site?.stop().catch(() => undefined);
  if (stateDir) rmSync(stateDir, { recursive: true, force: true });
}
process.on("SIGINT", () => {
  log("interrupted; stopping the site");
  void cleanup().finally(() => process.exit(130));
});
const watchdog = setTimeout(() => {
  console.error(`[bench] aborted: over ${opts.timeout} s`);
  void cleanup().finally(() => process.exit(1));
}, opts.timeout * 1000);
watchdog.unref();

function d1(args) {
  const r = spawnSync(path.join(root, "node_modules", ".bin", "wrangler"), ["d1", "execute", "DB", "--local", "--persist-to", stateDir, ...args], {
    cwd: root,
    env: quietEnv,
    encoding: "utf8",
    maxBuffer: 256 * 2 ** 20,
  });
  if (r.status !== 0) throw new Error(`wrangler d1 execute failed:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

/** N users and one catalogue item each (the cheapest priced ≥ $1, the medium room's minimum); username → item id. */
function insertPlayers(n) {
  const now = Date.now();
  const lines = [];
  for (let i = 0; i < n; i += 500) {
    const rows = [];
    for (let j = i; j < Math.min(n, i + 500); j++) rows.push(`('bench_${j}', ${now})`);
    lines.push(`INSERT INTO users (username, created_at) VALUES ${rows.join(", ")};`);
  }
  lines.push(
    `INSERT INTO inventory_items (owner_id, catalogue_id, price, status, created_at, updated_at)
     SELECT u.id, c.id, c.price, 'available', ${now}, ${now} FROM users u
       JOIN (SELECT id, price FROM catalogue WHERE price >= 100 ORDER BY price, id LIMIT 1) c
      WHERE u.username LIKE 'bench\\_%' ESCAPE '\\';`,
  );
  const file = path.join(stateDir, "bench-users.sql");
  writeFileSync(file, lines.join("\n"));
  d1(["--file", file]);
  const out = d1([
    "--json",
    "--command",
    "SELECT u.username AS username, i.id AS id FROM inventory_items i JOIN users u ON u.id = i.owner_id WHERE u.username LIKE 'bench%'",
  ]);
  return new Map(JSON.parse(out)[0].results.map((r) => [r.username, r.id]));
}

async function api(pathname, { token, body, method = "POST" } = {}) {
  const res = await fetch(`${site.url}${pathname}`, {
    method,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body ? { "Content-Type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: await res.json().catch(() => null) };
}

async function login(username) {
  const { status, json } = await api(`/api/auth/test-login?${new URLSearchParams({ username })}`, { method: "GET" });
  if (status !== 200) throw new Error(`test-login ${username}: ${status} ${JSON.stringify(json)}`);
  return json.api_token;
}

// ── a socket that counts frames and bytes ───────────────────────────────────
const eventOf = (text) => {
  const end = text.indexOf('"', 10);
  return text.startsWith('{"event":"') && end > 0 ? text.slice(10, end) : "?";
};

class Client {
  constructor(url) {
    this.ws = new WebSocket(url);
    this.counting = false;
    this.counted = 0;
    this.bytes = 0;
    this.byEvent = {};
    this.handlers = new Map();
    this.closed = false;
    this.ws.addEventListener("message", (e) => {
      const at = performance.now();
      const event = eventOf(e.data);
      if (this.counting) {
        this.counted++;
        this.bytes += Buffer.byteLength(e.data);
        this.byEvent[event] = (this.byEvent[event] ?? 0) + 1;
      }
      const hs = this.handlers.get(event);
      if (hs) for (const h of [...hs]) h(e.data, at);
    });
    this.ws.addEventListener("close", () => (this.closed = true));
  }
  on(event, fn) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event).add(fn);
    return () => this.handlers.get(event)?.delete(fn);
  }
  once(event, match = () => true, timeoutMs = 60_000) {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting for ${event}`)), timeoutMs);
      const off = this.on(event, (text, at) => {
        const data = JSON.parse(text).data;
        if (!match(data)) return;
        clearTimeout(timer);
        off();
        resolve({ data, at });
      });
    });
  }
  opened() {
    return new Promise((resolve, reject) => {
      this.ws.addEventListener("open", resolve, { once: true });
      this.ws.addEventListener("error", () => reject(new Error("socket error")), { once: true });
    });
  }
  send(event, data) {
    this.ws.send(JSON.stringify({ event, data }));
  }
}

// ── the jackpot round ───────────────────────────────────────────────────────
async function jackpotRound(itemIds) {
  const tokens = new Array(N);
  const t0 = performance.now();
  await pool([...Array(N).keys()], 16, async (i) => {
    tokens[i] = await login(`bench_${i}`);
  });
  log(`${N} players signed in (${((performance.now() - t0) / 1000).toFixed(1)} s)`);

  const url = `${site.url.replace("http", "ws")}/ws/jackpot?level=${LEVEL}`;
  const players = new Array(N);
  const t1 = performance.now();
  for (let b = 0; b < N; b += opts.batch) {
    await Promise.all(
      [...Array(Math.min(opts.batch, N - b)).keys()].map(async (k) => {
        const i = b + k;
        const c = new Client(url);
        sockets.push(c);
        const init = c.once("jackpotInit");
        await c.opened();
        const { data } = await init;
        const self = c.once("jackpotInit");
        c.send("identity", { apiToken: tokens[i] });
        await self;
        c.roundId = data.state.roundId;
        players[i] = c;
      }),
    );
  }
  const roundId = players[0].roundId;
  log(`${N} jackpot sockets open and identified (${((performance.now() - t1) / 1000).toFixed(1)} s); round ${roundId}`);
  for (const c of players) c.counting = true;
  const ended = players.map((c) => c.once("newGameJackpot", (d) => d.finished?.id === roundId, 120_000));
  const started = players[0].once("startJackpot", () => true, 120_000);

  const bets = [];
  const bet = async (i) => {
    const sent = performance.now();
    const { status, json } = await api("/api/jackpot/setBet", { token: tokens[i], body: { level: LEVEL, items: [itemIds.get(`bench_${i}`)] } });
    bets.push({ ms: performance.now() - sent, ok: status === 200, message: status === 200 ? null : json?.message });
  };
  await bet(0);
  const timer = players[0].once("jackpotTimer");
  await bet(1);
  const { data: t } = await timer;
  log(`countdown started (${t.countdownEndsAt - t.serverTime} ms); ${N - 2} more bets over ${opts.spread} ms`);
  await Promise.all(
    [...Array(N - 2).keys()].map(async (k) => {
      await sleep(Math.random() * opts.spread);
      await bet(k + 2);
    }),
  );
  const start = await started;
  log(`startJackpot: winner ${start.data.draw.winner.username}, ticket ${start.data.draw.winningTicket} of ${start.data.draw.totalTickets}`);
  await Promise.all(ended);
  for (const c of players) c.counting = false;
  const round = await api("/api/jackpot/round", { body: { id: roundId } });
  return { roundId, bets, players, round: round.json?.round, closedByServer: players.filter((c) => c.closed).length };
}

// ── the baseline: keepalive ping/pong on /ws/hub (as bench:crash) ───────────
async function pingBaseline() {
  const url = `${site.url.replace("http", "ws")}/ws/hub`;
  const clients = [];
  for (let b = 0; b < N; b += opts.batch) {
    const batch = [...Array(Math.min(opts.batch, N - b))].map(() => new Client(url));
    await Promise.all(batch.map((c) => c.opened()));
    clients.push(...batch);
    sockets.push(...batch);
  }
  await sleep(1000);
  const ping = (c) =>
    new Promise((resolve) => {
      const sent = performance.now();
      const off = c.on("pong", (_t, at) => {
        off();
        resolve(at - sent);
      });
      c.ws.send('{"event":"ping","data":{}}');
    });
  const burst = [];
  for (let k = 0; k < opts.pings; k++) {
    burst.push(...(await Promise.all(clients.map(ping))));
    await sleep(200);
  }
  const idle = [];
  for (let k = 0; k < 200; k++) idle.push(await ping(clients[0]));
  for (const c of clients) c.ws.close();
  return { burst, idle };
}

// ── main ────────────────────────────────────────────────────────────────────
try {
  stateDir = mkdtempSync(path.join(os.tmpdir(), "skinrush-bench-"));
  log(`state ${stateDir}; migrating and seeding`);
  migrateLocal({ persistTo: stateDir });
  seedLocal({ persistTo: stateDir, demo: false });
  const itemIds = insertPlayers(N);
  const [port, fakesPort] = [await freePort(), await freePort()];
  const vars = {
    WS_MAX_PER_IP: String(N + 100),
    JACKPOT_LEVELS: JSON.stringify({ [LEVEL]: { maxPlayers: N + 10, countdownMs: opts.countdown || opts.spread + 5_000 } }),
    JACKPOT_TIMERS: JSON.stringify({ spinMs: 2_000, waitingMs: 1_000, soloTimeoutMs: 600_000 }),
  };
  site = await startSite({ port, fakesPort, persistTo: stateDir, log: opts.log > 0, vars });
  log(`site on ${site.url}`);

  const r = await jackpotRound(itemIds);
  for (const c of sockets) c.ws.close();
  sockets = [];
  await sleep(500);
  const base = await pingBaseline();

  const ok = r.bets.filter((b) => b.ok);
  const errors = {};
  for (const e of r.bets.filter((x) => !x.ok)) errors[e.message] = (errors[e.message] ?? 0) + 1;
  const frames = r.players.map((c) => c.counted);
  const bytes = r.players.map((c) => c.bytes);
  const newBetFrames = r.players.map((c) => c.byEvent.jackpotNewBet ?? 0);
  const rows = [
    ["players (sockets)", `${N}`],
    ["measured round", `#${r.roundId}, bank $${r.round?.bank ?? "?"}, ${r.round?.bets?.length ?? "?"} bets, winner ${r.round?.winner?.username ?? "?"}`],
    ["bets accepted / sent", `${ok.length} / ${r.bets.length} (spread over ${opts.spread} ms)`],
    [
      "bet ack setBet→answer p50 / p99",
      `${ms(
        pct(
          ok.map((b) => b.ms),
          50,
        ),
      )} / ${ms(
        pct(
          ok.map((b) => b.ms),
          99,
        ),
      )}`,
    ],
    ["frames per socket in the round min / median / max", `${Math.min(...frames)} / ${pct(frames, 50)} / ${Math.max(...frames)}`],
    ["  of which jackpotNewBet (coalesced) median", `${pct(newBetFrames, 50)} (for ${N} bets)`],
    ["bytes per socket in the round median / max", `${pct(bytes, 50)} / ${Math.max(...bytes)}`],
    ["errors", Object.keys(errors).length ? JSON.stringify(errors) : "none"],
    ["sockets closed by the server", `${r.closedByServer}`],
    ["baseline: /ws/hub ping→pong, N at once, p50 / p99", `${ms(pct(base.burst, 50))} / ${ms(pct(base.burst, 99))} (${base.burst.length} pings)`],
    ["baseline: one socket ping→pong idle p50 / p99", `${ms(pct(base.idle, 50))} / ${ms(pct(base.idle, 99))}`],
  ];
  const width = Math.max(...rows.map((x) => x[0].length));
  console.log(
    `\nJackpot benchmark — Node ${process.versions.node}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, wrangler dev (local)\n`,
  );
  for (const [k, v] of rows) console.log(`  ${k.padEnd(width)}  ${v}`);
  console.log("");
  process.exitCode = ok.length === N && Object.keys(errors).length === 0 ? 0 : 1;
} catch (err) {
  console.error("[bench] failed:", err);
  process.exitCode = 1;
} finally {
  clearTimeout(watchdog);
  await cleanup();
}
