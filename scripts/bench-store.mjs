// `npm run bench:store [-- --rounds N --log 1]`: how fast the storehouse list answers, searching
// over the WHOLE catalogue, through the real route on a local `wrangler dev` (loopback only).
// Prints figures (p50/p95/max ms), asserts nothing.
//
// How: a fresh state dir is migrated and seeded (demo data + the store stock), then one house
// unit of EVERY catalogue item is put in stock with one SQL file, so each search runs against all
// catalogue names (≈ 8.8k). Each round sends every query of QUERIES once, signed in as a demo
// user with a large maxPrice (so the price bound does not hide anything), sequentially. Baseline:
// POST /api/getConfig on the same server (a route with one small D1 read). Last, the SQL alone:
// `wrangler d1 execute` reports each statement's duration; the indexed search (FTS5 trigram MATCH)
// against the scan it replaces (instr(lower(name), lower(text)) over the catalogue).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { ensureNode22 } from "./lib/node22.mjs";

ensureNode22();
const { migrateLocal, seedLocal, startSite } = await import("./lib/site.mjs");
const { freePort, log, pct, readOptions, wranglerIn: wrangler } = await import("./lib/bench.mjs");

const opts = readOptions({ rounds: 20, log: 0 });

/** [label, body] — searches of every kind, some paged, some price-bounded. */
const QUERIES = [
  ["no search, page 1", {}],
  ["no search, page 5", { page: 5 }],
  ["'redline'", { market_hash_name: "redline" }],
  ["'AK-47'", { market_hash_name: "AK-47" }],
  ["'ak-47', page 3", { market_hash_name: "ak-47", page: 3 }],
  ["'doppler'", { market_hash_name: "doppler" }],
  ["'Field-Tested' (broad)", { market_hash_name: "Field-Tested" }],
  ["'★ karambit'", { market_hash_name: "★ karambit" }],
  ["'case hardened'", { market_hash_name: "case hardened" }],
  ["'howl (factory new)'", { market_hash_name: "howl (factory new)" }],
  ["'zzzzqq' (no match)", { market_hash_name: "zzzzqq" }],
  ["'m4' (short: scan)", { market_hash_name: "m4" }],
  ["'fade' $10–$100", { market_hash_name: "fade", minPrice: 10, maxPrice: 100 }],
  ["$1–$2 only", { minPrice: 1, maxPrice: 2 }],
];
const SQL_TERMS = ["redline", "AK-47", "doppler", "Field-Tested", "case hardened", "zzzzqq"];

const fmt = (v) => (Number.isFinite(v) ? `${v.toFixed(1)}`.padStart(7) : "      —");
const row = (label, xs) => `${label.padEnd(30)} ${fmt(pct(xs, 50))} ${fmt(pct(xs, 95))} ${fmt(Math.max(...xs))}   n=${xs.length}`;
const sqlEsc = (s) => `'${s.replaceAll("'", "''")}'`;

const stateDir = mkdtempSync(path.join(os.tmpdir(), "skinrush-bench-store-"));
let site;
async function cleanup() {
  await site?.stop().catch(() => undefined);
  rmSync(stateDir, { recursive: true, force: true });
}
process.on("SIGINT", () => {
  log("interrupted");
  void cleanup().then(() => process.exit(130));
});

try {
  log(`state ${stateDir}: migrating and seeding`);
  migrateLocal({ persistTo: stateDir });
  seedLocal({ persistTo: stateDir, demo: true });
  const fill = path.join(stateDir, "fill.sql");
  writeFileSync(
    fill,
    `INSERT INTO inventory_items (owner_id, catalogue_id, price, status)
     SELECT NULL, c.id, c.price, 'available' FROM catalogue c
      WHERE NOT EXISTS (SELECT 1 FROM inventory_items i WHERE i.catalogue_id = c.id AND i.owner_id IS NULL AND i.status = 'available');\n`,
  );
  wrangler(["d1", "execute", "DB", "--local", "--file", fill], stateDir);
  const stats = JSON.parse(
    wrangler(
      [
        "d1",
        "execute",
        "DB",
        "--local",
        "--json",
        "--command",
        "SELECT (SELECT COUNT(*) FROM catalogue) AS catalogue, (SELECT COUNT(*) FROM inventory_items WHERE owner_id IS NULL AND status = 'available') AS stock",
      ],
      stateDir,
    ),
  )[0].results[0];
  log(`catalogue ${stats.catalogue} items, house stock ${stats.stock} units (every catalogue item in stock)`);

  const port = await freePort();
  site = await startSite({ port, fakesPort: await freePort(), persistTo: stateDir, log: opts.log > 0 });
  log(`wrangler dev on ${site.url}`);
  const login = await fetch(`${site.url}/api/auth/test-login?username=ProGamer`);
  const token = login.ok ? (await login.json()).api_token : undefined;
  const headers = { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) };
  log(token ? "signed in as the demo user ProGamer" : "test-login unavailable: measuring as a visitor");

  const timed = async (url, body) => {
    const t0 = performance.now();
    const res = await fetch(url, { method: "POST", headers, body: JSON.stringify(body) });
    const json = await res.json();
    const dt = performance.now() - t0;
    if (!res.ok) throw new Error(`${url} ${res.status} ${JSON.stringify(json)}`);
    return { dt, json };
  };

  // warm-up (first requests compile the worker, fill caches)
  for (const [, body] of QUERIES) await timed(`${site.url}/api/all-items/getList`, { appId: 730, maxPrice: 100000, ...body });

  const per = new Map(QUERIES.map(([label]) => [label, []]));
  const cards = new Map();
  const all = [];
  const base = [];
  for (let r = 0; r < opts.rounds; r++) {
    base.push((await timed(`${site.url}/api/getConfig`, {})).dt);
    for (const [label, body] of QUERIES) {
      const { dt, json } = await timed(`${site.url}/api/all-items/getList`, { appId: 730, maxPrice: 100000, ...body });
      per.get(label).push(dt);
      all.push(dt);
      cards.set(label, `${json.data.length}${json.hasMore ? "+" : ""}`);
    }
  }

  console.log(`\nPOST /api/all-items/getList over HTTP (ms, ${opts.rounds} rounds, sequential)`);
  console.log(`${"query".padEnd(30)}     p50     p95     max   (cards on the page)`);
  for (const [label] of QUERIES) console.log(`${row(label, per.get(label))}   cards=${cards.get(label)}`);
  console.log(row("ALL getList", all));
  console.log(row("baseline POST /api/getConfig", base));

  // The SQL alone: the indexed search vs the scan it replaces. D1 reports whole milliseconds, so
  // each search runs REPEAT times inside one statement (a correlated subquery per row of a
  // counter, so SQLite cannot reuse the first result) and the duration is divided.
  const REPEAT = 200;
  const repeated = (where) =>
    `WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r WHERE i < ${REPEAT})
     SELECT MAX((SELECT COUNT(*) FROM catalogue c WHERE ${where} AND r.i > 0)) AS n FROM r`;
  const statements = SQL_TERMS.flatMap((term) => [
    repeated(`c.id IN (SELECT rowid FROM catalogue_search WHERE catalogue_search MATCH ${sqlEsc(`"${term.replaceAll('"', '""')}"`)})`),
    repeated(`instr(lower(c.market_hash_name), lower(${sqlEsc(term)})) > 0`),
  ]);
  const sqlRuns = 3;
  const durations = statements.map(() => []);
  let counts = [];
  for (let r = 0; r < sqlRuns; r++) {
    const out = JSON.parse(wrangler(["d1", "execute", "DB", "--local", "--json", "--command", statements.join("; ")], stateDir));
    out.forEach((res, i) => {
      durations[i].push(Number(res.meta?.duration ?? NaN) / REPEAT);
    });
    counts = out.map((res) => res.results[0]?.n);
  }
  console.log(`\nSQL only, D1 local (ms per search, median of ${sqlRuns} runs × ${REPEAT}): FTS5 trigram MATCH vs instr() scan of ${stats.catalogue} names`);
  SQL_TERMS.forEach((term, i) => {
    const fts = pct(durations[2 * i], 50);
    const scan = pct(durations[2 * i + 1], 50);
    const same = counts[2 * i] === counts[2 * i + 1] ? "" : "  (counts differ!)";
    console.log(
      `${`'${term}'`.padEnd(18)} matches ${String(counts[2 * i]).padStart(5)}   fts ${fts.toFixed(3).padStart(7)}   scan ${scan.toFixed(3).padStart(7)}${same}`,
    );
  });
} finally {
  await cleanup();
}
