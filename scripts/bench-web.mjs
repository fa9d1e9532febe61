// npm run bench:web [-- --runs 3]: Lighthouse on the SPA's first load of / (mobile, Lighthouse's
// default simulated throttling) against the local site — builds dist/web when missing, seeds the
// demo data in a fresh state dir (like `npm start`), starts the site on free ports and stops it in
// all cases. Prints Performance, LCP, TBT, FCP, CLS and Speed Index per run and their medians, the
// LCP element, the first load's gzipped bytes (scripts/report-size.mjs) and the machine's load.
// Chromium: CHROME_PATH, else CHROMIUM_PATH, else Debian's /usr/bin/chromium (as the e2e tier).
// BENCH_WEB_DUMP=<file> writes the last run's Lighthouse report (JSON) there, to see where the time goes.
// Not part of `npm test`: Lighthouse timings depend on the machine.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import lighthouse from "lighthouse";
import { ensureNode22 } from "./lib/node22.mjs";

ensureNode22();
const { freePort, log, machineHeader, readOptions } = await import("./lib/bench.mjs");
const { ensureBuilt, migrateLocal, seedLocal, startSite } = await import("./lib/site.mjs");
const { firstLoad } = await import("./report-size.mjs");

const opts = readOptions({ runs: 3, log: 0 });

function chromePath() {
  const found = [process.env.CHROME_PATH, process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => p && existsSync(p));
  if (!found) throw new Error("no Chromium: set CHROME_PATH (or install Debian's chromium)");
  return found;
}

/**
 * Headless Chromium with a DevTools port for Lighthouse; resolves once the port answers.
 * @param {string} userDataDir
 */
async function startChromium(userDataDir) {
  const port = await freePort();
  const flags = ["--headless=new", `--remote-debugging-port=${port}`, `--user-data-dir=${userDataDir}`, "--no-sandbox", "--disable-gpu", "--no-first-run"];
  const child = spawn(chromePath(), [...flags, "--disable-background-networking", "--disable-component-update", "--disable-sync", "about:blank"], {
    stdio: "ignore",
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const stop = async () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    await exited;
  };
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) return { port, stop };
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  await stop();
  throw new Error("Chromium did not open its DevTools port");
}

const median = (/** @type {number[]} */ v) => [...v].sort((a, b) => a - b)[Math.floor((v.length - 1) / 2)];
const kb = (/** @type {number} */ bytes) => `${(bytes / 1024).toFixed(1)} KB`;

ensureBuilt();
const load = firstLoad();
const stateDir = mkdtempSync(path.join(os.tmpdir(), "skinrush-bench-web-"));
/** @type {{ url: string, stop: () => Promise<void> } | undefined} */
let site;
/** @type {{ port: number, stop: () => Promise<void> } | undefined} */
let chrome;
try {
  log(`state ${stateDir}; migrating and seeding the demo data`);
  migrateLocal({ persistTo: stateDir });
  seedLocal({ persistTo: stateDir, demo: true });
  const [port, fakesPort] = [await freePort(), await freePort()];
  site = await startSite({ port, fakesPort, persistTo: stateDir, log: opts.log > 0 });
  log(`site on ${site.url}`);
  chrome = await startChromium(path.join(stateDir, "chromium"));
  // one warm-up load: wrangler dev compiles and the D1 files open on the first request
  await fetch(`${site.url}/`);
  await fetch(`${site.url}/api/getConfig`, { method: "POST" });

  const rows = [];
  for (let i = 0; i < Math.max(1, opts.runs); i++) {
    const result = await lighthouse(`${site.url}/`, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
    if (!result) throw new Error("Lighthouse returned nothing");
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    if (process.env.BENCH_WEB_DUMP) writeFileSync(process.env.BENCH_WEB_DUMP, JSON.stringify(lhr));
    const num = (/** @type {string} */ id) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const lcpItem = /** @type {any} */ (lhr.audits["lcp-breakdown-insight"]?.details)?.items?.find((/** @type {any} */ d) => d.type === "node");
    const row = {
      score: lhr.categories.performance?.score ?? Number.NaN,
      lcp: num("largest-contentful-paint"),
      tbt: num("total-blocking-time"),
      fcp: num("first-contentful-paint"),
      cls: num("cumulative-layout-shift"),
      si: num("speed-index"),
      lcpElement: lcpItem ? `${lcpItem.selector} "${String(lcpItem.nodeLabel ?? "").slice(0, 40)}"` : "—",
    };
    rows.push(row);
    log(
      `run ${i + 1}: Performance ${row.score.toFixed(2)}, LCP ${row.lcp.toFixed(0)} ms, TBT ${row.tbt.toFixed(0)} ms, FCP ${row.fcp.toFixed(0)} ms, CLS ${row.cls.toFixed(3)}, SI ${row.si.toFixed(0)} ms; LCP element ${row.lcpElement}`,
    );
  }

  const m = (/** @type {keyof typeof rows[0]} */ k) => median(rows.map((r) => /** @type {number} */ (r[k])));
  console.log(machineHeader("Web first load (Lighthouse, mobile, simulated throttling)").trimEnd());
  const lhVersion = JSON.parse(readFileSync(path.join(import.meta.dirname, "../node_modules/lighthouse/package.json"), "utf8")).version;
  console.log(`${chromePath()}, Lighthouse ${lhVersion}, ${rows.length} run(s), medians:`);
  console.log(`  Performance ${m("score").toFixed(2)}   (target ≥ 0.97)`);
  console.log(`  LCP ${m("lcp").toFixed(0)} ms   (target ≤ 1500 ms)`);
  console.log(`  TBT ${m("tbt").toFixed(0)} ms   (target ≤ 100 ms)`);
  console.log(`  FCP ${m("fcp").toFixed(0)} ms`);
  console.log(`  CLS ${m("cls").toFixed(3)}`);
  console.log(`  Speed Index ${m("si").toFixed(0)} ms`);
  console.log(`  LCP element ${rows.at(-1)?.lcpElement}`);
  console.log(`  first load JS+CSS ${kb(load.total)} gzipped (js ${kb(load.jsBytes)}, css ${kb(load.cssBytes)}; html ${kb(load.htmlBytes)}) (target ≤ 120 KB)`);
  for (const f of load.files) console.log(`    ${f.file}  ${kb(f.bytes)}`);
} finally {
  await chrome?.stop();
  await site?.stop();
  rmSync(stateDir, { recursive: true, force: true });
}
