#!/usr/bin/env node
// RTP simulation of the Wheel: `npm run bench:wheel-rtp [-- --rounds 1000000]`.
// Each round takes a random 64-hex secret and draws its segment with the real fairness function
// (shared/fairness.ts wheelSegment under the dev salt) on the default layout; what the round pays
// is what the real room logic pays when the wheel lands on that segment (worker/rooms/wheel/logic.ts
// step(): four $1.00 bets, one per colour, the spin and the stop with their settlements — played
// once per segment, since a round's payout depends on its segment only). Prints per colour the simulated RTP (paid /
// staked), the layout's RTP (shared/wheel-layout.ts colourRtp), the difference, the standard error
// of the simulation and whether it is within ±0.3 % (at 10⁶ rounds yellow's standard error is
// ~0.67 %: one ×50 segment in 54; raise --rounds for a tighter figure). Not part of the test run.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { enableTypeScriptSources } from "./lib/ts-sources.mjs";

enableTypeScriptSources();

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const ROUNDS = arg("rounds", 1_000_000);
const BANK = 100; // cents per bet

const { wheelSegment } = await import("../shared/fairness.ts");
const { colourRtp, DEFAULT_WHEEL_LAYOUT, WHEEL_COLOURS } = await import("../shared/wheel-layout.ts");
const { step } = await import("../worker/rooms/wheel/logic.ts");
const { createState } = await import("../worker/rooms/wheel/state.ts");

const salt = JSON.parse(readFileSync(new URL("./dev-wheel-chain.json", import.meta.url), "utf8")).salt;
const layout = DEFAULT_WHEEL_LAYOUT;
const expected = colourRtp(layout);
const ctx = { catalogue: [], maxPayoutCents: Number.MAX_SAFE_INTEGER };
const timing = { countdownMs: 20_000, spinMs: 10_000, resultMs: 4_000 };
const stats = Object.fromEntries(WHEEL_COLOURS.map((c) => [c, { staked: 0, paid: 0, sumSq: 0 }]));
const item = (id) => ({ id, market_hash_name: "x", name: "x", image: "", rarity: "", rarity_color: "", price: BANK });

let pool = Buffer.alloc(0);
let poolAt = 0;
function randomSecret() {
  if (poolAt + 32 > pool.length) {
    pool = randomBytes(32 * 2048);
    poolAt = 0;
  }
  const hex = pool.toString("hex", poolAt, poolAt + 32);
  poolAt += 32;
  return hex;
}

/** The win of each colour's $1 bet when the wheel lands on `segment`, from the room logic. */
function payoutsOf(segment) {
  const now = 1_800_000_000_000;
  let state = createState({ id: 1, publicHash: "p", secretHash: "s", dayOfMonth: 1, layout, segment, rotate: 1100 }, now, timing);
  WHEEL_COLOURS.forEach((colour, i) => {
    const bet = { id: colour, user: { id: i + 1, username: "u", avatar: "a" }, colour, items: [item(i + 1)] };
    state = step(state, { type: "placeBet", bet, maintenance: false, locked: true }, now + 1, ctx).state;
  });
  const stopped = step(state, { type: "restore" }, now + timing.countdownMs + timing.spinMs, ctx);
  const paid = new Map(stopped.effects.flatMap((e) => (e.type === "settle" && e.settlement.kind === "win" ? [[e.settlement.betId, e.settlement.win]] : [])));
  return WHEEL_COLOURS.map((c) => paid.get(c) ?? 0);
}
const payouts = layout.segments.map((_, segment) => payoutsOf(segment));

const started = performance.now();
for (let round = 1; round <= ROUNDS; round++) {
  const wins = payouts[wheelSegment(randomSecret(), salt, layout.segments.length)];
  WHEEL_COLOURS.forEach((colour, i) => {
    const s = stats[colour];
    s.staked += BANK;
    s.paid += wins[i];
    s.sumSq += (wins[i] / BANK) ** 2;
  });
  if (round % 200_000 === 0) process.stderr.write(`  ${round.toLocaleString("en")} rounds\n`);
}

const pct = (x) => `${(x * 100).toFixed(3)} %`;
console.log(`Wheel RTP over ${ROUNDS.toLocaleString("en")} rounds (real draw + real room payouts, ${((performance.now() - started) / 1000).toFixed(1)} s)`);
console.log("colour   simulated   layout      diff        std err    within ±0.3 %");
let allWithin = true;
for (const colour of WHEEL_COLOURS) {
  const s = stats[colour];
  const rtp = s.paid / s.staked;
  const variance = s.sumSq / ROUNDS - rtp ** 2;
  const se = Math.sqrt(variance / ROUNDS);
  const diff = rtp - expected[colour];
  const within = Math.abs(diff) <= 0.003;
  allWithin &&= within;
  console.log(
    `${colour.padEnd(8)} ${pct(rtp).padStart(10)}  ${pct(expected[colour]).padStart(10)}  ${(diff >= 0 ? "+" : "") + pct(diff)}  ${pct(se).padStart(9)}  ${within ? "yes" : `no (${(Math.abs(diff) / se).toFixed(1)} std err)`}`,
  );
}
console.log(allWithin ? "every colour within ±0.3 % of its layout RTP" : "a colour is off by more than 0.3 % (see its std err: more --rounds narrows it)");
