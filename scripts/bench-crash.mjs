// `npm run bench:crash [-- --players N]`: one crash round with N simulated players over real
// WebSockets on a local `wrangler dev` (loopback only), plus a baseline: the runtime's own
// keepalive ping/pong on /ws/hub for the same N sockets (answered by workerd without waking the
// room — the closest thing to a bare echo on the same runtime; the product has no echo route).
//
// How: a fresh state dir is migrated and seeded; N users `bench_<i>` and one catalogue item
// each are inserted with ONE SQL file through `wrangler d1 execute --local` (test-login then
// reuses those users and gives their tokens). All sockets connect and identify; the admin
// schedules a twist (the next round crashes at --crash, 5.00 by default) and crashes the current
// round, so the measured round is known in advance and long enough for the cash-outs. In that
// round's countdown every player sends newBet (spread over --spread ms): half manual (9999.99,
// then `take` at a random multiplier below the crash point — except a --hold share, default 0.2,
// who hold on and lose), half with an auto-withdraw 1.50–3.00. `--log 1` shows wrangler's output.
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
const opts = { log: 0, hold: 0.2, players: 1000, crash: 5, spread: 5000, batch: 50, pings: 5, timeout: 300 };
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
const N = Math.floor(opts.players);
const CRASH_AT = Math.round(opts.crash * 100); // hundredths
const MANUAL = 9999.99;
const GROWTH = 0.00006; // shared/constants.ts CRASH.growthPerMs (the script runs plain Node)

const multiplierAt = (t) => Math.floor(100 * Math.exp(GROWTH * t));
function elapsedFor(m) {
  let t = Math.max(0, Math.floor(Math.log(m / 100) / GROWTH) - 2);
  while (multiplierAt(t) < m) t++;
  return t;
}
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

/** Runs `fn` over `items` with at most `limit` at a time. */
async function pool(items, limit, fn) {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      await fn(items[i], i);
    }
  });
  await Promise.all(workers);
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

/** Inserts the bench users and items; returns username → inventory id. */
function insertPlayers(n) {
  const file = path.join(stateDir, "bench-users.sql");
  writeFileSync(file, usersAndItemsSql(n));
  d1(["--file", file]);
  const out = d1([
    "--json",
    "--command",
    "SELECT u.username AS username, i.id AS id FROM inventory_items i JOIN users u ON u.id = i.owner_id WHERE u.username LIKE 'bench%'",
  ]);
  const rows = JSON.parse(out)[0].results;
  return new Map(rows.map((r) => [r.username, r.id]));
}

/** N users and one cheap catalogue item each (the cheapest priced ≥ $1), in one SQL file. */
function usersAndItemsSql(n) {
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
  return lines.join("\n");
}

async function api(pathname, { token, body, method = "POST" } = {}) {
  const res = await fetch(`${site.url}${pathname}`, {
    method,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body ? { "Content-Type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json().catch(() => null);
  return { status: res.status, json };
}

async function login(username, role) {
  const q = new URLSearchParams({ username, ...(role ? { role } : {}) });
  const { status, json } = await api(`/api/auth/test-login?${q}`, { method: "GET" });
  if (status !== 200) throw new Error(`test-login ${username}: ${status} ${JSON.stringify(json)}`);
  return json.api_token;
}

// ── a socket that records every frame with its arrival time ─────────────────
const eventOf = (text) => {
  // encodeFrame writes `{"event":"<name>",...`: read the name without parsing the whole frame
  const end = text.indexOf('"', 10);
  return text.startsWith('{"event":"') && end > 0 ? text.slice(10, end) : "?";
};

class Client {
  constructor(url) {
    this.ws = new WebSocket(url);
    this.frames = 0;
    this.counted = 0; // frames while `counting` is on
    this.counting = false;
    this.handlers = new Map();
    this.closed = false;
    this.ws.addEventListener("message", (e) => {
      const at = performance.now();
      this.frames++;
      if (this.counting) this.counted++;
      const event = eventOf(e.data);
      const hs = this.handlers.get(event);
      if (hs) for (const h of [...hs]) h(e.data, at);
    });
    this.ws.addEventListener("close", () => (this.closed = true));
  }
  /** Calls `fn(text, at)` for every frame of `event` until `off`. */
  on(event, fn) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event).add(fn);
    return () => this.handlers.get(event)?.delete(fn);
  }
  once(event, match = () => true, timeoutMs = 30_000) {
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
  /** The first frame of any of `events`: { event, data, at }. */
  onceAny(events, timeoutMs = 30_000) {
    return new Promise((resolve, reject) => {
      const offs = [];
      const timer = setTimeout(() => {
        for (const off of offs) off();
        reject(new Error(`timed out waiting for ${events.join("/")}`));
      }, timeoutMs);
      for (const event of events) {
        offs.push(
          this.on(event, (text, at) => {
            clearTimeout(timer);
            for (const off of offs) off();
            resolve({ event, data: JSON.parse(text).data, at });
          }),
        );
      }
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

// ── the crash round ─────────────────────────────────────────────────────────
async function crashRound(admin, itemIds) {
  const wsUrl = `${site.url.replace("http", "ws")}/ws/crash`;
  const tokens = new Array(N);
  const t0 = performance.now();
  await pool([...Array(N).keys()], 16, async (i) => {
    tokens[i] = await login(`bench_${i}`);
  });
  log(`${N} players signed in (${((performance.now() - t0) / 1000).toFixed(1)} s)`);

  // open in batches: each socket connects, gets crashInit, identifies, gets its own crashInit
  const players = new Array(N);
  const t1 = performance.now();
  for (let b = 0; b < N; b += opts.batch) {
    await Promise.all(
      [...Array(Math.min(opts.batch, N - b)).keys()].map(async (k) => {
        const i = b + k;
        const c = new Client(wsUrl);
        sockets.push(c);
        const init = c.once("crashInit");
        await c.opened();
        await init;
        const self = c.once("crashInit");
        c.send("identity", { apiToken: tokens[i] });
        const { data } = await self;
        c.index = i;
        players[i] = c;
        return data;
      }),
    );
  }
  log(`${N} crash sockets open and identified (${((performance.now() - t1) / 1000).toFixed(1)} s)`);

  for (const c of players) c.itemId = itemIds.get(`bench_${c.index}`);
  if (players.some((c) => !Number.isSafeInteger(c.itemId))) throw new Error("a player has no item");

  // the measured round: twisted to crash at CRASH_AT; the current round is crashed right away
  const twist = await api("/api/admin/crash/scheduleTwist", { token: admin, body: { nextCrash: CRASH_AT / 100 } });
  if (twist.status !== 200) throw new Error(`scheduleTwist: ${twist.status} ${JSON.stringify(twist.json)}`);
  const roundId = twist.json.roundId;
  const started = players.map((c) => c.once("crashStartTimer", (d) => d.roundId === roundId, 120_000));
  const force = await api("/api/admin/crash/forceCrash", { token: admin, body: {} });
  log(`twist: round ${roundId} crashes at ${(CRASH_AT / 100).toFixed(2)}; forceCrash of the current round → ${force.status}`);

  // per player: bet at a random moment of the countdown; manual ones take during the run
  const bets = [];
  const takes = [];
  const crashSeen = [];
  let crashFrame;
  let startedAtServer;
  const firstTimer = await Promise.race(started);
  const countdownMs = firstTimer.data.countdownEndsAt - firstTimer.data.serverTime;
  if (opts.spread > countdownMs - 1000) throw new Error(`--spread ${opts.spread} does not fit the ${countdownMs} ms countdown`);
  log(`round ${roundId} countdown started (${countdownMs} ms); ${N} bets over ${opts.spread} ms`);
  for (const c of players) c.counting = true; // frames of the measured round, from its countdown

  const done = players.map(async (c, i) => {
    await started[i];
    const manual = i % 2 === 0;
    const auto = manual ? MANUAL : Math.round(150 + Math.random() * 150) / 100;
    await sleep(Math.random() * opts.spread);
    const answer = c.onceAny(["successBet", "errorBet"]).then((r) => ({ ...r, ok: r.event === "successBet" }));
    const sent = performance.now();
    c.send("newBet", { items: [c.itemId], autoWithdraw: auto });
    const reply = await answer;
    const bet = { ms: reply.at - sent, ok: reply.ok, message: reply.ok ? null : reply.data.message, manual };
    bets.push(bet);
    const crashed = c.once("crashMultiplier", (d) => d.roundId === roundId && d.phase === "crashed", 120_000);
    const running = c.once("crashMultiplier", (d) => d.roundId === roundId, 120_000);
    void running.then(
      ({ data }) => {
        if (data.phase === "running") startedAtServer ??= data.serverTime - data.elapsed;
      },
      () => undefined,
    );
    // a share of the manual players never takes: their bets lose at the crash (settled after it)
    if (bet.ok && manual && Math.random() >= opts.hold) {
      const betId = reply.data.bet.id;
      // the first running frame tells when the round started (same machine clock)
      const first = await c.once("crashMultiplier", (d) => d.roundId === roundId, 60_000);
      const startedAt = first.data.serverTime - first.data.elapsed;
      const target = Math.round(130 + Math.random() * (CRASH_AT - 60 - 130));
      const wait = startedAt + elapsedFor(target) - Date.now();
      if (first.data.phase === "running") {
        await sleep(Math.max(0, wait));
        const took = c.onceAny(["successTake", "errorTake"]).then((r) => ({ ...r, ok: r.event === "successTake" }));
        const sentTake = performance.now();
        c.send("take", { betId });
        const r = await took;
        takes.push({ ms: r.at - sentTake, ok: r.ok, message: r.ok ? null : r.data.message });
      }
    }
    const crash = await crashed;
    crashFrame ??= crash.data;
    crashSeen.push(crash.at);
  });
  await Promise.all(done);
  // the outbox drain: how long after the crash until D1 has every bet of the round settled
  const settled = (async () => {
    const pollStart = performance.now();
    while (performance.now() - pollStart < 120_000) {
      const { json } = await api("/api/crash/getGame", { body: { id: roundId } });
      const pending = json?.game?.bets?.filter((b) => b.is_win === 0).length ?? -1;
      if (pending === 0) return Date.now() - crashFrame.serverTime;
      await sleep(50);
    }
    return NaN;
  })();
  await sleep(1000); // frames that follow the crash frame (lost rows) still belong to the round
  for (const c of players) c.counting = false;
  const settledMs = await settled;

  const point = Math.round(crashFrame.crash.point * 100);
  startedAtServer ??= crashFrame.serverTime - crashFrame.elapsed;
  const expectedWall = startedAtServer + elapsedFor(point);
  const perfToWall = Date.now() - performance.now();
  const firstSeen = Math.min(...crashSeen);
  const lastSeen = Math.max(...crashSeen);
  const perSocket = players.map((c) => c.counted);
  return {
    roundId,
    point: point / 100,
    bets,
    takes,
    fanOutMs: lastSeen - firstSeen,
    firstAfterExpectedMs: firstSeen + perfToWall - expectedWall,
    lastAfterExpectedMs: lastSeen + perfToWall - expectedWall,
    perSocket,
    totalFrames: perSocket.reduce((a, b) => a + b, 0),
    settledMs,
    socketsClosed: players.filter((c) => c.closed).length,
  };
}

// ── the baseline: keepalive ping/pong on /ws/hub ────────────────────────────
async function pingBaseline() {
  const url = `${site.url.replace("http", "ws")}/ws/hub`;
  const clients = [];
  for (let b = 0; b < N; b += opts.batch) {
    const batch = [...Array(Math.min(opts.batch, N - b))].map(() => new Client(url));
    await Promise.all(batch.map((c) => c.opened()));
    clients.push(...batch);
    sockets.push(...batch);
  }
  await sleep(1000); // let the hub's join frames pass
  const ping = (c) =>
    new Promise((resolve) => {
      const sent = performance.now();
      const off = c.on("pong", (_t, at) => {
        off();
        resolve(at - sent);
      });
      c.ws.send('{"event":"ping","data":{}}'); // byte-exact: the runtime's auto-response pair
    });
  // all N at once, `pings` times (like the bet burst, but for a frame the room never sees)
  const burst = [];
  for (let k = 0; k < opts.pings; k++) {
    burst.push(...(await Promise.all(clients.map(ping))));
    await sleep(200);
  }
  // one socket, one ping at a time: the idle round trip
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
  // every simulated player connects from 127.0.0.1: lift the per-IP socket cap for the run
  site = await startSite({ port, fakesPort, persistTo: stateDir, log: opts.log > 0, vars: { WS_MAX_PER_IP: String(N + 100) } });
  log(`site on ${site.url}`);
  const admin = await login("bench_admin", "admin");

  const r = await crashRound(admin, itemIds);
  for (const c of sockets) c.ws.close();
  sockets = [];
  await sleep(500);
  const base = await pingBaseline();

  const betOk = r.bets.filter((b) => b.ok);
  const takeOk = r.takes.filter((t) => t.ok);
  const errors = {};
  for (const e of [...r.bets, ...r.takes].filter((x) => !x.ok)) errors[e.message] = (errors[e.message] ?? 0) + 1;
  const perSocket = r.perSocket;
  const rows = [
    ["players (sockets)", `${N}`],
    ["measured round", `#${r.roundId}, crashed at ×${r.point.toFixed(2)}`],
    ["bets accepted / sent", `${betOk.length} / ${r.bets.length} (spread over ${opts.spread} ms)`],
    [
      "bet ack newBet→successBet p50 / p99",
      `${ms(
        pct(
          betOk.map((b) => b.ms),
          50,
        ),
      )} / ${ms(
        pct(
          betOk.map((b) => b.ms),
          99,
        ),
      )}`,
    ],
    ["cash-outs accepted / sent", `${takeOk.length} / ${r.takes.length}`],
    [
      "cash-out take→successTake p50 / p99",
      `${ms(
        pct(
          takeOk.map((b) => b.ms),
          50,
        ),
      )} / ${ms(
        pct(
          takeOk.map((b) => b.ms),
          99,
        ),
      )}`,
    ],
    ["crash fan-out first→last socket", ms(r.fanOutMs)],
    ["first / last socket after expected time", `${ms(r.firstAfterExpectedMs)} / ${ms(r.lastAfterExpectedMs)}`],
    ["frames per socket in the round min / median / max", `${Math.min(...perSocket)} / ${pct(perSocket, 50)} / ${Math.max(...perSocket)}`],
    ["frames the server sent in the round (all sockets)", `${r.totalFrames}`],
    ["D1 settled (outbox drained) after the crash", Number.isFinite(r.settledMs) ? `${r.settledMs} ms` : "not within 120 s"],
    ["errors", Object.keys(errors).length ? JSON.stringify(errors) : "none"],
    ["sockets closed by the server", `${r.socketsClosed}`],
    ["baseline: /ws/hub ping→pong, N at once, p50 / p99", `${ms(pct(base.burst, 50))} / ${ms(pct(base.burst, 99))} (${base.burst.length} pings)`],
    ["baseline: one socket ping→pong idle p50 / p99", `${ms(pct(base.idle, 50))} / ${ms(pct(base.idle, 99))}`],
  ];
  const width = Math.max(...rows.map((r) => r[0].length));
  console.log(
    `\nCrash benchmark — Node ${process.versions.node}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, wrangler dev (local)\n`,
  );
  for (const [k, v] of rows) console.log(`  ${k.padEnd(width)}  ${v}`);
  console.log("");
  process.exitCode = betOk.length === N && Object.keys(errors).length === 0 ? 0 : 1;
} catch (err) {
  console.error("[bench] failed:", err);
  process.exitCode = 1;
} finally {
  clearTimeout(watchdog);
  await cleanup();
}
