#!/usr/bin/env node
// RTP simulation of Crash: `npm run bench:crash-rtp [-- --rounds 1000000 --seed 1]`.
// Each round takes a random 64-hex round hash, its crash point from the real fairness function
// (shared/fairness.ts crashPointFromHash) and is played through the real room logic
// (worker/rooms/crash/logic.ts step(): bets, start, auto-withdraws, a manual take, crash).
// Seven players bet $1.00 each: auto-withdraw at 1.21, 1.50, 2.00, 3.00, 5.00, 10.00 and a manual
// bet taken by hand at 2.00 (by the server clock). Prints the RTP per target and overall (expect
// 96 % ± 0.5 %), the standard error of each, and the instant-crash share (expect 4 %).
// Not part of the default test run (it takes a minute or so).
import { randomBytes } from "node:crypto";
import { enableTypeScriptSources } from "./lib/ts-sources.mjs";

enableTypeScriptSources();

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const ROUNDS = arg("rounds", 1_000_000);
const BANK = 100; // cents: win = floor(100 × m / 100) = m exactly, no rounding in the figures

const { crashPointFromHash } = await import("../shared/fairness.ts");
const { elapsedFor, INFINITE_HUNDREDTHS } = await import("../shared/crash-curve.ts");
const { CRASH } = await import("../shared/constants.ts");
const { step } = await import("../worker/rooms/crash/logic.ts");
const { createState } = await import("../worker/rooms/crash/state.ts");

const AUTO_TARGETS = [121, 150, 200, 300, 500, 1000];
const MANUAL_AT = 200;
const strategies = [
  ...AUTO_TARGETS.map((t) => ({ name: `auto ${(t / 100).toFixed(2)}`, target: t })),
  { name: `manual take at ${(MANUAL_AT / 100).toFixed(2)}`, target: INFINITE_HUNDREDTHS },
];
const ctx = { catalogue: [], maxPayoutCents: Number.MAX_SAFE_INTEGER };
const stats = strategies.map(() => ({ staked: 0, paid: 0, sumSq: 0 }));

// Random hashes in big blocks (one crypto call per 2048 rounds).
let pool = Buffer.alloc(0);
let poolAt = 0;
function randomHash() {
  if (poolAt + 32 > pool.length) {
    pool = randomBytes(32 * 2048);
    poolAt = 0;
  }
  const hex = pool.toString("hex", poolAt, poolAt + 32);
  poolAt += 32;
  return hex;
}

let instant = 0;
let now = 1_700_000_000_000;
const started = performance.now();
for (let round = 1; round <= ROUNDS; round++) {
  const crashPoint = crashPointFromHash(randomHash());
  if (crashPoint === 100) instant++;
  let state = createState({ id: round, publicHash: "p", secretHash: "s", crashPoint, provablyFair: true, dayOfMonth: 1 }, now);
  const paid = new Map();
  const run = (event, at) => {
    const r = step(state, event, at, ctx);
    state = r.state;
    for (const e of r.effects) if (e.type === "settle" && e.settlement.kind === "win") paid.set(e.settlement.betId, e.settlement.win);
    return r;
  };
  strategies.forEach((s, i) => {
    const item = { id: i + 1, market_hash_name: "x", name: "x", image: "x", rarity: "Covert", rarity_color: "#eb4b4b", price: BANK };
    const r = run(
      {
        type: "placeBet",
        bet: { id: `b${i}`, user: { id: i + 1, username: "u", avatar: "a" }, items: [item], autoWithdraw: s.target },
        maintenance: false,
        locked: true,
      },
      now + 1,
    );
    if (!r.outcome?.ok) throw new Error(`bet refused: ${JSON.stringify(r.outcome)}`);
  });
  run({ type: "timer", name: "start" }, state.round.countdownEndsAt);
  const startedAt = state.round.startedAt;
  run({ type: "take", userId: strategies.length, betId: `b${strategies.length - 1}` }, startedAt + elapsedFor(MANUAL_AT));
  run({ type: "restore" }, startedAt + elapsedFor(crashPoint) + 1); // everything left, then the crash
  if (state.round.phase !== "crashed") throw new Error(`round ${round} did not crash`);
  strategies.forEach((_s, i) => {
    const win = paid.get(`b${i}`) ?? 0;
    stats[i].staked += BANK;
    stats[i].paid += win;
    stats[i].sumSq += (win / BANK) ** 2;
  });
  now += CRASH.countdownMs + 60_000;
}
const seconds = (performance.now() - started) / 1000;

const pct = (x) => `${(100 * x).toFixed(3)} %`;
console.log(`Crash RTP simulation: ${ROUNDS.toLocaleString("en")} rounds through step(), ${strategies.length} bets of $1.00 each, ${seconds.toFixed(1)} s`);
let staked = 0;
let paidAll = 0;
for (const [i, s] of strategies.entries()) {
  const st = stats[i];
  const rtp = st.paid / st.staked;
  const sd = Math.sqrt(Math.max(0, st.sumSq / ROUNDS - rtp * rtp) / ROUNDS);
  staked += st.staked;
  paidAll += st.paid;
  const expected = s.target === INFINITE_HUNDREDTHS ? MANUAL_AT : s.target;
  console.log(
    `  ${s.name.padEnd(22)} RTP ${pct(rtp)}  ± ${pct(sd)} (1 s.e.)  win rate ${pct(st.paid / expected / ROUNDS)} (theory ${pct((0.96 * 100) / expected)})`,
  );
}
const overall = paidAll / staked;
console.log(`  overall                RTP ${pct(overall)} (target 96 % ± 0.5 %)`);
console.log(`  instant crashes (1.00) ${pct(instant / ROUNDS)} (expect 4 %)`);
const ok = Math.abs(overall - 0.96) <= 0.005;
console.log(ok ? "PASS" : "FAIL: overall RTP outside 96 % ± 0.5 %");
process.exit(ok ? 0 : 1);
