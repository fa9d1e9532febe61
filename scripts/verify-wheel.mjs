#!/usr/bin/env node
// Verifies a wheel round with nothing but Node (no npm packages): the segment from the revealed
// secret and the salt (n mod segments), its colour and multiplier on the layout, the spin's rotate
// (where inside the segment the pointer stops), the public hash shown before the round, the link to
// the previous round's secret and, optionally, the chain down to the published terminating hash.
// The scheme is in docs/fairness.md "Provably fair", shared/fairness.ts and shared/wheel-layout.ts; this file
// re-implements it (keccak-256, the chain checks and the command-line frame from scripts/lib/verify.mjs).
//
//   node scripts/verify-wheel.mjs --secret <hex> --round <id> --day <d> --salt <hex> --segments <n>
//        [--layout <letters b g r y>] [--public <hex>] [--previous <hex>] [--terminal <hex>] [--json]
//
// Exit code: 0 all given checks hold, 1 a check failed, 2 bad usage.
import { pathToFileURL } from "node:url";
import {
  chainChecks,
  chainHolds,
  checkHex64,
  E,
  hashToN,
  integerOption,
  optionalText,
  printChainChecks,
  readArgs,
  roundHash,
  runCli,
  UsageError,
} from "./lib/verify.mjs";

/** The default layout (shared/wheel-layout.ts DEFAULT_WHEEL_SEGMENTS / DEFAULT_WHEEL_MULTIPLIERS). */
export const DEFAULT_LAYOUT = "yrbrbgbrbrbgbrbrbgbrbgbrbrbgbrbrbgbrbgbrbrbgbrbrbgbrbg";
export const DEFAULT_MULTIPLIERS = { black: 2, green: 5, red: 3, yellow: 50 };
const COLOUR = { b: "black", g: "green", r: "red", y: "yellow" };
/** shared/constants-wheel.ts WHEEL_SPIN */
const SPIN = { extraAngle: 4, extraTurns: 3, fullTurn: 360, landingMargin: 0.1 };

/** n mod segments. @param {string} roundHashHex @param {number} segments */
export function segmentFromHash(roundHashHex, segments) {
  return Number(hashToN(roundHashHex) % BigInt(segments));
}

/** The landing point inside the segment: hex digits 13–25 of the round hash. @param {string} roundHashHex */
export function landingFraction(roundHashHex) {
  const digits = roundHashHex.slice(13, 26);
  if (!/^[0-9a-fA-F]{13}$/.test(digits)) throw new RangeError(`not a round hash: ${roundHashHex}`);
  const m = Number(BigInt(`0x${digits}`)) / Number(E);
  return SPIN.landingMargin + (1 - 2 * SPIN.landingMargin) * m;
}

const mod = (/** @type {number} */ a, /** @type {number} */ m) => ((a % m) + m) % m;

/** rotate = 360·3 + 4 + ((−a − 4) mod 360), a = (segment + landing)·w. @param {number} segment @param {string} roundHashHex @param {number} segments */
export function wheelRotate(segment, roundHashHex, segments) {
  const w = SPIN.fullTurn / segments;
  const landing = (segment + landingFraction(roundHashHex)) * w;
  const rest = mod(-landing - SPIN.extraAngle, SPIN.fullTurn);
  return Math.round((SPIN.extraTurns * SPIN.fullTurn + SPIN.extraAngle + rest) * 1000) / 1000;
}

/**
 * @param {{ secret: string, round: number, day: number, salt: string, segments: number, layout?: string, public?: string, previous?: string, terminal?: string }} o
 */
export function verifyWheel(o) {
  const secret = o.secret.toLowerCase();
  const rh = roundHash(secret, o.salt);
  const segment = segmentFromHash(rh, o.segments);
  const letters = o.layout ?? (o.segments === DEFAULT_LAYOUT.length ? DEFAULT_LAYOUT : undefined);
  const colour = letters ? COLOUR[/** @type {"b"} */ (letters[segment])] : null;
  const checks = chainChecks(secret, o, o.round);
  return {
    round: o.round,
    day: o.day,
    roundHash: rh,
    segment,
    colour,
    multiplier: colour && !o.layout ? DEFAULT_MULTIPLIERS[/** @type {"black"} */ (colour)] : null,
    rotate: wheelRotate(segment, rh, o.segments),
    ...checks,
    ok: chainHolds(checks),
  };
}

const USAGE = `usage: node scripts/verify-wheel.mjs --secret <hex> --round <id> --day <d> --salt <hex> --segments <n>
       [--layout <letters>] [--public <hex>] [--previous <hex>] [--terminal <hex>] [--json]

  --secret    the round's revealed secret hash (x_k, 64 hex)
  --round     the round id (= its index k in the wheel's hash chain)
  --day       the day of month (UTC) the round was created
  --salt      the wheel's published salt
  --segments  the number of segments of the round's layout (54 by default)
  --layout    the round's segments in order, one letter each (b black, g green, r red, y yellow);
              without it a 54-segment round is read on the default layout
  --public    the public hash shown before the round: checked
  --previous  the previous round's secret (x_{k-1}): checks keccak256(secret) equals it
  --terminal  the published terminating hash (x_0): checks keccak256 applied <round> times
  --json      print the result as JSON`;

export { UsageError };

/** @param {string[]} argv */
export function parseArgs(argv) {
  const raw = readArgs(
    argv,
    ["secret", "round", "day", "salt", "segments", "layout", "public", "previous", "terminal"],
    ["secret", "round", "day", "salt", "segments"],
  );
  if (!raw) return { help: true };
  checkHex64(raw, ["secret", "public", "previous", "terminal"]);
  const segments = integerOption(raw, "segments", 4, 360);
  const layout = optionalText(raw, "layout");
  if (layout !== undefined && (!/^[bgry]+$/.test(layout) || layout.length !== segments))
    throw new UsageError("--layout must be <segments> letters of b, g, r, y");
  return {
    help: false,
    json: raw.json === true,
    secret: /** @type {string} */ (raw.secret),
    round: integerOption(raw, "round", 1, Number.MAX_SAFE_INTEGER),
    day: integerOption(raw, "day", 1, 31),
    salt: /** @type {string} */ (raw.salt),
    segments,
    layout,
    public: optionalText(raw, "public"),
    previous: optionalText(raw, "previous"),
    terminal: optionalText(raw, "terminal"),
  };
}

/**
 * Runs the CLI; returns the exit code.
 * @param {string[]} argv @param {{ log: (s: string) => void, error: (s: string) => void }} [io]
 */
export function main(argv, io = { log: console.log, error: console.error }) {
  return runCli(argv, io, {
    usage: USAGE,
    parse: parseArgs,
    verify: (opts) => verifyWheel(/** @type {any} */ (opts)),
    json: (r) => JSON.stringify(r, null, 2),
    print: (r, opts) => {
      io.log(`round ${r.round}, day ${r.day}`);
      io.log(`round hash    ${r.roundHash}`);
      io.log(
        `segment       ${r.segment} of ${/** @type {any} */ (opts).segments}${r.colour ? ` (${r.colour}${r.multiplier ? ` ×${r.multiplier}` : ""})` : ""}`,
      );
      io.log(`rotate        ${r.rotate}°`);
      printChainChecks(r, opts, 14, io.log);
    },
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = main(process.argv.slice(2));
}
