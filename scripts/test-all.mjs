// npm test: every tier — typecheck, lint, unit (Node), worker (workerd), reliability (workerd), build,
// end-to-end (Chromium).
// Ends with one plain line "N passed, N failed" (totals over all tiers); exits non-zero on any failure.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureNode22 } from "./lib/node22.mjs";

ensureNode22();

const root = path.resolve(import.meta.dirname, "..");
const tmp = mkdtempSync(path.join(os.tmpdir(), "skinrush-test-"));
const env = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false", E2E_SKIP_BUILD: "1" };
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const only = process.argv.slice(2); // e.g. `npm test -- unit worker`

let passed = 0;
let failed = 0;
const summary = [];

function step(name, cmd, args) {
  console.log(`\n=== ${name} ===`);
  const r = spawnSync(cmd, args, { cwd: root, env, stdio: "inherit" });
  const ok = r.status === 0;
  ok ? passed++ : failed++;
  summary.push(`${ok ? "ok  " : "FAIL"} ${name}`);
  return ok;
}

/** A vitest tier; `files` narrows it to those test files, `extraEnv` sets its environment. */
function vitestTier(name, config, { files = [], extraEnv = {} } = {}) {
  console.log(`\n=== ${name} tests ===`);
  const out = path.join(tmp, `${name.replaceAll(/[^a-z0-9-]+/gi, "-")}.json`);
  const r = spawnSync(bin("vitest"), ["run", "--config", config, ...files, "--reporter=default", "--reporter=json", `--outputFile.json=${out}`], {
    cwd: root,
    env: { ...env, ...extraEnv },
    stdio: "inherit",
  });
  if (existsSync(out)) {
    const report = JSON.parse(readFileSync(out, "utf8"));
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    // a file that failed to load has no tests but must still fail the run
    const brokenSuites = report.testResults.filter((s) => s.status === "failed" && s.assertionResults.length === 0).length;
    failed += brokenSuites;
    summary.push(`${r.status === 0 ? "ok  " : "FAIL"} ${name}: ${report.numPassedTests} passed, ${report.numFailedTests + brokenSuites} failed`);
    // name each failure next to the totals: a CI log is often read from its tail only
    for (const suite of report.testResults) {
      const file = path.relative(root, suite.name);
      if (suite.status === "failed" && suite.assertionResults.length === 0) summary.push(`       ✗ ${file} (did not load)`);
      for (const t of suite.assertionResults) if (t.status === "failed") summary.push(`       ✗ ${file} › ${t.fullName}`);
    }
  } else {
    failed++;
    summary.push(`FAIL ${name}: no report`);
  }
  if (r.status !== 0 && existsSync(out) === false) failed++;
  return r.status === 0;
}

const want = (tier) => only.length === 0 || only.includes(tier);
let ok = true;
if (want("typecheck")) {
  // one TypeScript project per runtime (web: DOM, worker: Workers, node: scripts and the Node tiers)
  for (const [name, project] of [
    ["node", "tsconfig.json"],
    ["web", "web"],
    ["worker", "worker"],
    ["worker tests", "tests/worker"],
    ["reliability tests", "tests/reliability"],
    ["trade bot service", "bot"],
  ]) {
    ok = step(`typecheck ${name}`, bin("tsc"), ["-p", project]) && ok;
  }
  ok = step("worker types are current", bin("wrangler"), ["types", "--strict-vars=false", "--check"]) && ok;
}
if (want("lint")) {
  // the layout's guards: lint and format (biome.json), import boundaries (.dependency-cruiser.cjs), unused files/exports/dependencies (knip.json)
  ok = step("lint and format (biome)", bin("biome"), ["check"]) && ok;
  ok = step("import boundaries", bin("depcruise"), ["web/src", "worker", "shared", "--config", ".dependency-cruiser.cjs"]) && ok;
  ok = step("unused code", bin("knip"), []) && ok;
}
if (want("unit")) ok = vitestTier("unit", "tests/unit/vitest.config.ts") && ok;
if (want("worker")) ok = vitestTier("worker", "tests/worker/vitest.config.ts") && ok;
// the worker's skin-deposit and withdrawal tests again, against the real trade bot service (bot/) on
// the simulated Steam instead of the fake (docs/trade-bot.md "Tests")
if (want("worker") || want("bot"))
  ok =
    vitestTier("worker with the real trade bot", "tests/worker/vitest.config.ts", {
      files: ["tests/worker/skins-deposit.test.ts", "tests/worker/withdraw-queue.test.ts", "tests/worker/withdraw-send.test.ts"],
      extraEnv: { TRADE_BOT: "service" },
    }) && ok;
// the reliability suite (docs/testing.md "Reliability suite"): its files print their counts
if (want("reliability")) ok = vitestTier("reliability", "tests/reliability/vitest.config.ts") && ok;
if (want("e2e")) {
  if (step("build", "npm", ["run", "build"])) ok = vitestTier("e2e", "tests/e2e/vitest.config.ts") && ok;
  else ok = false;
}

console.log(`\n${summary.join("\n")}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 ? 0 : 1);
