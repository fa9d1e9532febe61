// The frame shared by the load benchmarks (scripts/bench-{crash,jackpot,wheel,store}.mjs): their
// `--name value` options, a fresh migrated + seeded state dir with N `bench_<i>` users holding one
// item each, the local site on free ports, sign-in, a socket client that counts frames, the
// keepalive ping/pong baseline on /ws/hub, percentiles and the result table. Import it after
// ensureNode22() (scripts/lib/node22.mjs): it loads ./site.mjs, which needs Node 22.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { ensureBuilt, migrateLocal, quietEnv, root, seedLocal, startSite } from "./site.mjs";

/**
 * Reads `--name value` / `--name=value` numeric options over `defaults` (exit 2 on an unknown one).
 * @template {Record<string, number>} O @param {O} defaults @returns {O}
 */
export function readOptions(defaults, argv = process.argv.slice(2)) {
  const opts = { ...defaults };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split("=");
    const key = flag.replace(/^--/, "");
    if (!(key in opts)) {
      console.error(
        `unknown option ${flag}; options: ${Object.keys(opts)
          .map((k) => `--${k}`)
          .join(" ")}`,
      );
      process.exit(2);
    }
    /** @type {Record<string, number>} */ (opts)[key] = Number(inline ?? argv[++i]);
    if (!Number.isFinite(opts[key]) || opts[key] < 0) throw new Error(`bad value for ${flag}`);
  }
  return opts;
}

export const sleep = (/** @type {number} */ ms) => new Promise((r) => setTimeout(r, ms));
export const log = (/** @type {unknown[]} */ ...a) => console.log(`[bench ${new Date().toISOString().slice(11, 23)}]`, ...a);

/** @returns {Promise<number>} */
export function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = /** @type {import("node:net").AddressInfo} */ (s.address());
      s.close(() => resolve(port));
    });
  });
}

/** The p-th percentile (nearest rank); NaN for no values. @param {number[]} values @param {number} p */
export function pct(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
export const ms = (/** @type {number} */ v) => (Number.isFinite(v) ? `${v.toFixed(1)} ms` : "—");

/**
 * Runs `fn` over `items` with at most `limit` at a time.
 * @template T @param {T[]} items @param {number} limit @param {(item: T, i: number) => Promise<void>} fn
 */
export async function pool(items, limit, fn) {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      await fn(items[i], i);
    }
  });
  await Promise.all(workers);
}

/** `wrangler <args> --persist-to <stateDir>`; its stdout. @param {string[]} args @param {string} stateDir */
export function wranglerIn(args, stateDir) {
  const r = spawnSync(path.join(root, "node_modules", ".bin", "wrangler"), [...args, "--persist-to", stateDir], {
    cwd: root,
    env: quietEnv,
    encoding: "utf8",
    maxBuffer: 256 * 2 ** 20,
  });
  if (r.status !== 0) throw new Error(`wrangler ${args.slice(0, 3).join(" ")} failed:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

/** N users and one cheap catalogue item each (the cheapest priced ≥ $1), in one SQL file. @param {number} n */
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

// ── a socket that records every frame with its arrival time ─────────────────
/** @param {string} text */
const eventOf = (text) => {
  // encodeFrame writes `{"event":"<name>",...`: read the name without parsing the whole frame
  const end = text.indexOf('"', 10);
  return text.startsWith('{"event":"') && end > 0 ? text.slice(10, end) : "?";
};

/** @typedef {(text: string, at: number) => void} FrameHandler */

export class BenchClient {
  /** @param {string} url */
  constructor(url) {
    this.ws = new WebSocket(url);
    this.frames = 0;
    this.counting = false;
    this.counted = 0; // frames while `counting` is on
    this.bytes = 0; // their UTF-8 bytes
    /** @type {Record<string, number>} frames per event while counting */
    this.byEvent = {};
    /** @type {Map<string, Set<FrameHandler>>} */
    this.handlers = new Map();
    this.closed = false;
    /** the player's index (openIdentified) @type {number} */
    this.index = -1;
    /** the data of the room's first init frame, before identity (openIdentified) @type {any} */
    this.init = undefined;
    this.ws.addEventListener("message", (e) => {
      const at = performance.now();
      this.frames++;
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
  /** Calls `fn(text, at)` for every frame of `event` until `off`. @param {string} event @param {FrameHandler} fn */
  on(event, fn) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)?.add(fn);
    return () => this.handlers.get(event)?.delete(fn);
  }
  /**
   * The next frame of `event` whose data `match`es: { data, at }.
   * @param {string} event @param {(data: any) => boolean} [match] @returns {Promise<{ data: any, at: number }>}
   */
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
  /** The first frame of any of `events`: { event, data, at }. @param {string[]} events @returns {Promise<{ event: string, data: any, at: number }>} */
  onceAny(events, timeoutMs = 30_000) {
    return new Promise((resolve, reject) => {
      /** @type {(() => void)[]} */
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
  /** @param {string} event @param {unknown} data */
  send(event, data) {
    this.ws.send(JSON.stringify({ event, data }));
  }
}

/**
 * One benchmark run against a fresh local site: its state dir, sockets, SIGINT and watchdog
 * handling, and cleanup (sockets closed, site stopped, state dir removed).
 */
export class Bench {
  /** @param {number} timeoutS the watchdog: the run is aborted after this many seconds */
  constructor(timeoutS) {
    /** @type {{ url: string, directUrl: string | null, stop: () => Promise<void> } | undefined} */
    this.site = undefined;
    /** requests and sockets go to the worker's own runtime, past wrangler's local proxy (setUp's `direct`) */
    this.direct = false;
    this.stateDir = "";
    /** every socket opened, closed at cleanup @type {BenchClient[]} */
    this.sockets = [];
    this.stopping = false;
    process.on("SIGINT", () => {
      log("interrupted; stopping the site");
      void this.cleanup().finally(() => process.exit(130));
    });
    this.watchdog = setTimeout(() => {
      console.error(`[bench] aborted: over ${timeoutS} s`);
      void this.cleanup().finally(() => process.exit(1));
    }, timeoutS * 1000);
    this.watchdog.unref();
  }

  async cleanup() {
    if (this.stopping) return;
    this.stopping = true;
    for (const s of this.sockets) {
      try {
        s.ws.close();
      } catch {}
    }
    await this.site?.stop().catch(() => undefined);
    if (this.stateDir) rmSync(this.stateDir, { recursive: true, force: true });
  }

  /** Closes the sockets opened so far (between the measured round and the baseline). */
  closeSockets() {
    for (const c of this.sockets) c.ws.close();
    this.sockets = [];
  }

  /**
   * `fn` inside the run: failures print and give 1; the watchdog is cleared and everything
   * cleaned up either way. Returns the exit code.
   * @param {() => Promise<number>} fn
   */
  async run(fn) {
    try {
      return await fn();
    } catch (err) {
      console.error("[bench] failed:", err);
      return 1;
    } finally {
      clearTimeout(this.watchdog);
      await this.cleanup();
    }
  }

  /** @param {string[]} args */
  d1(args) {
    return wranglerIn(["d1", "execute", "DB", "--local", ...args], this.stateDir);
  }

  /**
   * A fresh state dir, migrated and seeded (no demo data), with `n` users `bench_<i>` and one item
   * each; then the site on free ports with `vars` (every socket comes from 127.0.0.1: the per-IP
   * cap is lifted). With `direct`, every request and socket of the run goes to the worker's own
   * runtime, past `wrangler dev`'s local proxy (half the file descriptors a socket costs; the
   * proxy's share of the latency is gone too, so compare direct runs with direct runs). Returns
   * username → inventory id.
   * @param {number} n @param {{ log: boolean, vars?: Record<string, string>, direct?: boolean }} o
   */
  async setUp(n, { log: showLog, vars = {}, direct = false }) {
    ensureBuilt();
    this.stateDir = mkdtempSync(path.join(os.tmpdir(), "skinrush-bench-"));
    log(`state ${this.stateDir}; migrating and seeding`);
    migrateLocal({ persistTo: this.stateDir });
    seedLocal({ persistTo: this.stateDir, demo: false });
    const file = path.join(this.stateDir, "bench-users.sql");
    writeFileSync(file, usersAndItemsSql(n));
    this.d1(["--file", file]);
    const out = this.d1([
      "--json",
      "--command",
      "SELECT u.username AS username, i.id AS id FROM inventory_items i JOIN users u ON u.id = i.owner_id WHERE u.username LIKE 'bench%'",
    ]);
    /** @type {Map<string, number>} */
    const itemIds = new Map(JSON.parse(out)[0].results.map((/** @type {{ username: string, id: number }} */ r) => [r.username, r.id]));
    const [port, fakesPort] = [await freePort(), await freePort()];
    this.site = await startSite({ port, fakesPort, persistTo: this.stateDir, log: showLog, vars: { WS_MAX_PER_IP: String(n + 100), ...vars }, direct });
    if (direct && !this.site.directUrl) throw new Error("--direct 1: the worker's own address behind wrangler dev was not found (it is read from /proc)");
    this.direct = direct;
    log(`site on ${this.site.url}${direct ? `; the run talks to the worker's runtime directly on ${this.site.directUrl}` : ""}`);
    return itemIds;
  }

  get url() {
    if (!this.site) throw new Error("the site is not started");
    return this.direct && this.site.directUrl ? this.site.directUrl : this.site.url;
  }

  /**
   * @param {string} pathname @param {{ token?: string, body?: unknown, method?: string }} [o]
   * @returns {Promise<{ status: number, json: any }>}
   */
  async api(pathname, { token, body, method = "POST" } = {}) {
    const res = await fetch(`${this.url}${pathname}`, {
      method,
      headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body ? { "Content-Type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = await res.json().catch(() => null);
    return { status: res.status, json };
  }

  /** test-login; the api token. @param {string} username @param {string} [role] @returns {Promise<string>} */
  async login(username, role) {
    const q = new URLSearchParams({ username, ...(role ? { role } : {}) });
    const { status, json } = await this.api(`/api/auth/test-login?${q}`, { method: "GET" });
    if (status !== 200) throw new Error(`test-login ${username}: ${status} ${JSON.stringify(json)}`);
    return json.api_token;
  }

  /** Signs in bench_0 … bench_{n−1} (16 at a time); their tokens. @param {number} n */
  async signIn(n) {
    /** @type {string[]} */
    const tokens = new Array(n);
    const t0 = performance.now();
    await pool([...Array(n).keys()], 16, async (i) => {
      tokens[i] = await this.login(`bench_${i}`);
    });
    log(`${n} players signed in (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
    return tokens;
  }

  /**
   * Opens one socket per token on `pathname` (`batch` at a time): each connects, gets the room's
   * `initEvent` (kept as `client.init`), identifies and gets its own `initEvent`.
   * @param {string} pathname @param {string[]} tokens @param {{ batch: number, initEvent: string, label: string, timeoutMs?: number }} o
   */
  async openIdentified(pathname, tokens, { batch, initEvent, label, timeoutMs }) {
    const url = `${this.url.replace("http", "ws")}${pathname}`;
    const n = tokens.length;
    /** @type {BenchClient[]} */
    const players = new Array(n);
    const t1 = performance.now();
    for (let b = 0; b < n; b += batch) {
      await Promise.all(
        [...Array(Math.min(batch, n - b)).keys()].map(async (k) => {
          const i = b + k;
          const c = new BenchClient(url);
          this.sockets.push(c);
          const init = c.once(initEvent, undefined, timeoutMs);
          await c.opened();
          c.init = (await init).data;
          const self = c.once(initEvent, undefined, timeoutMs);
          c.send("identity", { apiToken: tokens[i] });
          await self;
          c.index = i;
          players[i] = c;
        }),
      );
    }
    log(`${n} ${label} sockets open and identified (${((performance.now() - t1) / 1000).toFixed(1)} s)`);
    return players;
  }

  /**
   * The baseline: the runtime's own keepalive ping/pong on /ws/hub for `n` sockets (answered by
   * workerd without waking a room — the closest thing to a bare echo on the same runtime): all at
   * once `pings` times, then one socket idle 200 times; round trips in ms. With an admin token,
   * also the echo broadcast's first → last spread (echoBroadcast).
   * @param {number} n @param {{ batch: number, pings: number, adminToken?: string }} o
   */
  async pingBaseline(n, { batch, pings, adminToken }) {
    const url = `${this.url.replace("http", "ws")}/ws/hub`;
    /** @type {BenchClient[]} */
    const clients = [];
    for (let b = 0; b < n; b += batch) {
      const group = [...Array(Math.min(batch, n - b))].map(() => new BenchClient(url));
      await Promise.all(group.map((c) => c.opened()));
      clients.push(...group);
      this.sockets.push(...group);
    }
    await sleep(1000); // let the hub's join frames pass
    const ping = (/** @type {BenchClient} */ c) =>
      /** @type {Promise<number>} */ (
        new Promise((resolve) => {
          const sent = performance.now();
          const off = c.on("pong", (_t, at) => {
            off();
            resolve(at - sent);
          });
          c.ws.send('{"event":"ping","data":{}}'); // byte-exact: the runtime's auto-response pair
        })
      );
    // all N at once, `pings` times (like the bet burst, but for a frame the room never sees)
    const burst = [];
    for (let k = 0; k < pings; k++) {
      burst.push(...(await Promise.all(clients.map(ping))));
      await sleep(200);
    }
    // one socket, one ping at a time: the idle round trip
    const idle = [];
    for (let k = 0; k < 200; k++) idle.push(await ping(clients[0]));
    const broadcast = adminToken ? await this.echoBroadcast(clients, adminToken) : [];
    for (const c of clients) c.ws.close();
    return { burst, idle, broadcast };
  }

  /**
   * An echo broadcast: the hub sends one frame to all these sockets (the admin's maintenance
   * switch, set to off as it is: nothing changes but the refreshPage frame), three times; each
   * time, first → last socket in ms. The fan-out a room's broadcast is compared with.
   * @param {BenchClient[]} clients @param {string} adminToken
   */
  async echoBroadcast(clients, adminToken) {
    const spreads = [];
    for (let k = 0; k < 3; k++) {
      const seen = clients.map((c) => c.once("refreshPage", undefined, 30_000).then((f) => f.at));
      const { status } = await this.api("/api/admin/maintenance", { token: adminToken, body: { enabled: false } });
      if (status !== 200) throw new Error(`maintenance: ${status}`);
      const at = await Promise.all(seen);
      spreads.push(Math.max(...at) - Math.min(...at));
      await sleep(300);
    }
    return spreads;
  }

  /**
   * The HTTP baseline for bets that travel as requests: `n` GET /robots.txt (answered by the
   * worker from memory: no D1, no room) through the same local proxy, sent at random moments
   * over `spreadMs` like the bets; round trips in ms. @param {number} n @param {number} spreadMs
   */
  async httpBaseline(n, spreadMs) {
    const t0 = performance.now();
    return Promise.all(
      [...Array(n).keys()].map(async () => {
        await sleep(Math.random() * spreadMs);
        const sent = performance.now();
        const res = await fetch(`${this.url}/robots.txt`);
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`robots.txt ${res.status}`);
        return performance.now() - sent;
      }),
    ).finally(() => log(`http baseline: ${n} requests in ${((performance.now() - t0) / 1000).toFixed(1)} s`));
  }
}

/**
 * Where a room's time went (POST /api/admin/rooms/profile, dev only; worker/rooms/base/profile.ts):
 * `reset` starts a new count. @param {Bench} bench @param {string} adminToken
 * @param {{ room: "crash" | "wheel" | "jackpot", level?: string, reset: boolean }} body
 */
export async function roomProfile(bench, adminToken, body) {
  const { status, json } = await bench.api("/api/admin/rooms/profile", { token: adminToken, body });
  if (status !== 200) throw new Error(`room profile: ${status} ${JSON.stringify(json)}`);
  return json;
}

/**
 * The room's profile as rows: each label's count, total and max wall time (waits: the runtime's
 * clock stands still while code runs), then the frames and bytes sent per event.
 * @param {{ timings: Record<string, { count: number, ms: number, maxMs: number }>, sent: Record<string, { frames: number, bytes: number }> }} report
 * @returns {[string, string][]}
 */
export function profileRows(report) {
  const timings = Object.entries(report.timings)
    .sort((a, b) => b[1].ms - a[1].ms)
    .map(
      ([label, t]) =>
        /** @type {[string, string]} */ ([`  ${label}`, `${t.count}× total ${t.ms} ms, mean ${(t.ms / t.count).toFixed(1)} ms, max ${t.maxMs} ms`]),
    );
  const sent = Object.entries(report.sent)
    .sort((a, b) => b[1].bytes - a[1].bytes)
    .map(([event, x]) => /** @type {[string, string]} */ ([`  ${event}`, `${x.frames} frames, ${(x.bytes / 1024).toFixed(1)} KB`]));
  return [["room: time per message / phase (waits)", ""], ...timings, ["room: frames sent per event (all sockets)", ""], ...sent];
}

/** "p50 / p99" of `values` in ms. @param {number[]} values */
export const p50p99 = (values) => `${ms(pct(values, 50))} / ${ms(pct(values, 99))}`;

/** "p99 / baseline p99 = k×" (the issue's ratios). @param {number[]} values @param {number[]} baseline */
export const ratio99 = (values, baseline) => `${(pct(values, 99) / pct(baseline, 99)).toFixed(1)}×`;

/** Counts the refusals by message. @param {{ ok: boolean, message: string | null }[]} results */
export function errorCounts(results) {
  /** @type {Record<string, number>} */
  const errors = {};
  for (const e of results.filter((x) => !x.ok)) errors[/** @type {string} */ (e.message)] = (errors[/** @type {string} */ (e.message)] ?? 0) + 1;
  return errors;
}

/** The result table: the header, then `label  value` rows, labels padded. @param {string} header @param {[string, string][]} rows */
export function printRows(header, rows) {
  const width = Math.max(...rows.map((r) => r[0].length));
  console.log(header);
  for (const [k, v] of rows) console.log(`  ${k.padEnd(width)}  ${v}`);
}

/**
 * "\n<Game> benchmark — Node …, cores, GiB, wrangler dev (local)\n"; `direct`: the run went past
 * wrangler's local proxy (Bench.setUp). @param {string} game @param {boolean} [direct]
 */
export function machineHeader(game, direct = false) {
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" / ");
  return `\n${game} benchmark — Node ${process.versions.node}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, load average ${load} (1 / 5 / 15 min), wrangler dev (local${direct ? ", direct to the worker's runtime, past the local proxy" : ""})\n`;
}
