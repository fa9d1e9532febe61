// `npm run bench:wheel [-- --players N]`: one wheel round with N simulated players over real
// WebSockets on a local `wrangler dev` (loopback only), plus a baseline: the runtime's own
// keepalive ping/pong on /ws/hub for the same N sockets (answered by workerd without waking a
// room — the closest thing to a bare echo on the same runtime).
//
// How: a fresh state dir is migrated and seeded; N users `bench_<i>` and one catalogue item each
// are inserted with ONE SQL file (test-login then gives their tokens). All N sockets connect to
// /ws/wheel and identify; at the next round's wheelTimer every player bets its item on a random
// colour with POST /api/wheel/setBet at a random moment of the first --spread ms of the countdown
// (the production 20 s countdown). Measured: the bet ack (request → answer) p50/p99, and every
// frame and byte each socket receives from that round's wheelTimer to the next round's
// newGameWheel (rows coalesced in wheelNewBet frames, the spin, the stop). `--log 1` shows wrangler.
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
const opts = { log: 0, players: 1000, spread: 8000, batch: 50, pings: 5, timeout: 400 };
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
const COLOURS = ["black", "green", "red", "yellow"];
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
    this.bytes = 0; // their characters (ASCII JSON: bytes)
    this.counting = false;
    this.handlers = new Map();
    this.closed = false;
    this.ws.addEventListener("message", (e) => {
      const at = performance.now();
      this.frames++;
      if (this.counting) {
        this.counted++;
        this.bytes += e.data.length;
      }
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

// ── the wheel round ─────────────────────────────────────────────────────────
async function wheelRound(itemIds) {
  const wsUrl = `${site.url.replace("http", "ws")}/ws/wheel`;
  const tokens = new Array(N);
  const t0 = performance.now();
  await pool([...Array(N).keys()], 16, async (i) => {
    tokens[i] = await login(`bench_${i}`);
  });
  log(`${N} players signed in (${((performance.now() - t0) / 1000).toFixed(1)} s)`);

  const players = new Array(N);
  const t1 = performance.now();
  for (let b = 0; b < N; b += opts.batch) {
    await Promise.all(
      [...Array(Math.min(opts.batch, N - b)).keys()].map(async (k) => {
        const i = b + k;
        const c = new Client(wsUrl);
        sockets.push(c);
        const init = c.once("wheelInit");
        await c.opened();
        await init;
        const self = c.once("wheelInit");
        c.send("identity", { apiToken: tokens[i] });
        await self;
        c.index = i;
        c.itemId = itemIds.get(`bench_${i}`);
        players[i] = c;
      }),
    );
  }
  log(`${N} wheel sockets open and identified (${((performance.now() - t1) / 1000).toFixed(1)} s)`);
  if (players.some((c) => !Number.isSafeInteger(c.itemId))) throw new Error("a player has no item");

  // the measured round: the next one whose countdown starts now that everyone is here
  const timers = players.map((c) => c.once("wheelTimer", () => true, 120_000));
  const first = await Promise.race(timers);
  const roundId = first.data.roundId;
  for (const c of players) c.counting = true;
  const countdownMs = first.data.countdownEndsAt - first.data.serverTime;
  if (opts.spread > countdownMs - 1000) throw new Error(`--spread ${opts.spread} does not fit the ${countdownMs} ms countdown`);
  log(`round ${roundId} countdown started (${countdownMs} ms); ${N} bets over ${opts.spread} ms`);
  const ends = players.map((c) => c.once("newGameWheel", (d) => d.game.id === roundId + 1, 180_000));
  const stops = players.map((c) => c.once("startWheel", (d) => d.roundId === roundId && d.ms === 1, 180_000));

  const bets = [];
  await Promise.all(
    players.map(async (c, i) => {
      await timers[i];
      await sleep(Math.random() * opts.spread);
      const sent = performance.now();
      const r = await api("/api/wheel/setBet", { token: tokens[i], body: { colour: COLOURS[i % 4], items: [c.itemId] } });
      bets.push({ ms: performance.now() - sent, ok: r.status === 200, message: r.status === 200 ? null : r.json?.message });
    }),
  );
  const stop = await stops[0];
  // the outbox drain: how long after the stop until D1 has every bet of the round settled
  const settled = (async () => {
    const pollStart = performance.now();
    while (performance.now() - pollStart < 120_000) {
      const { json } = await api("/api/wheel/round", { body: { id: roundId } });
      if (json?.game?.bets?.every((b) => b.is_win !== 0)) return Date.now() - stop.data.serverTime;
      await sleep(50);
    }
    return NaN;
  })();
  const stopSeen = await Promise.all(stops);
  await Promise.all(ends);
  for (const c of players) c.counting = false;
  const settledMs = await settled;
  const seen = stopSeen.map((s) => s.at);
  return {
    roundId,
    colour: stop.data.colour,
    winners: stop.data.winnersCount,
    bets,
    fanOutMs: Math.max(...seen) - Math.min(...seen),
    perSocket: players.map((c) => c.counted),
    bytesPerSocket: players.map((c) => c.bytes),
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
  site = await startSite({ port, fakesPort, persistTo: stateDir, log: opts.log > 0, vars: { WS_MAX_PER_IP: String(N + 100) } });
  log(`site on ${site.url}`);

  const r = await wheelRound(itemIds);
  for (const c of sockets) c.ws.close();
  sockets = [];
  await sleep(500);
  const base = await pingBaseline();

  const ok = r.bets.filter((b) => b.ok).map((b) => b.ms);
  const errors = {};
  for (const e of r.bets.filter((x) => !x.ok)) errors[e.message] = (errors[e.message] ?? 0) + 1;
  const kb = (v) => `${(v / 1024).toFixed(1)} KB`;
  const rows = [
    ["players (sockets)", `${N}`],
    ["measured round", `#${r.roundId}, landed ${r.colour}, ${r.winners} winners`],
    ["bets accepted / sent", `${ok.length} / ${r.bets.length} (spread over ${opts.spread} ms)`],
    ["bet ack setBet→answer p50 / p99", `${ms(pct(ok, 50))} / ${ms(pct(ok, 99))}`],
    ["stop frame fan-out first→last socket", ms(r.fanOutMs)],
    ["frames per socket in the round min / median / max", `${Math.min(...r.perSocket)} / ${pct(r.perSocket, 50)} / ${Math.max(...r.perSocket)}`],
    ["bytes per socket in the round median / max", `${kb(pct(r.bytesPerSocket, 50))} / ${kb(Math.max(...r.bytesPerSocket))}`],
    ["all bets settled in D1, after the stop", ms(r.settledMs)],
    ["sockets closed during the round", `${r.socketsClosed}`],
    ["baseline: hub ping→pong, N at once, p50 / p99", `${ms(pct(base.burst, 50))} / ${ms(pct(base.burst, 99))}`],
    ["baseline: hub ping→pong, one socket idle, p50", ms(pct(base.idle, 50))],
  ];
  if (Object.keys(errors).length > 0) rows.push(["refusals", JSON.stringify(errors)]);
  const w = Math.max(...rows.map(([k]) => k.length));
  console.log(`\nbench:wheel (${new Date().toISOString()})`);
  for (const [k, v] of rows) console.log(`  ${k.padEnd(w)}  ${v}`);
  await cleanup();
  process.exit(0);
} catch (err) {
  console.error("[bench] failed:", err);
  await cleanup();
  process.exit(1);
}
