// Distribution of the cases roll: 10^5 opens through the real pick
// (worker/cases/seeds.ts rollIndex → shared/fairness.ts casesPick) over random seeds, checked
// against the configured weights with Pearson's chi-square at p > 0.001. The chi-square tail is
// computed here (regularized incomplete gamma), itself checked against table values, and the
// same counts are shown to FAIL against slightly wrong weights, so the test can fail.
import { beforeAll, describe, expect, it } from "vitest";
import { newClientSeed, newServerSeed, rollIndex } from "../../worker/cases/seeds";
import { tierWeights } from "../../worker/cases/tiers";

const OPENS = 100_000;
const ALPHA = 0.001;

// ── chi-square tail: Q(k/2, x/2), Numerical Recipes' series / continued fraction ─────────────
function logGamma(z: number): number {
  // biome-ignore lint/correctness/noPrecisionLoss: the Lanczos coefficients as Numerical Recipes prints them
  const g = [76.18009172947146, -86.50532032941677, 24.01409824083091, -1.231739572450155, 0.1208650973866179e-2, -0.5395239384953e-5];
  const x = z;
  let y = z;
  let tmp = x + 5.5;
  tmp -= (x + 0.5) * Math.log(tmp);
  let ser = 1.000000000190015;
  for (const c of g) ser += c / ++y;
  // biome-ignore lint/correctness/noPrecisionLoss: sqrt(2π) as Numerical Recipes prints it
  return -tmp + Math.log((2.5066282746310005 * ser) / x);
}

/** Regularized upper incomplete gamma Q(a, x). */
function gammaQ(a: number, x: number): number {
  if (x <= 0) return 1;
  const lead = Math.exp(-x + a * Math.log(x) - logGamma(a));
  if (x < a + 1) {
    let sum = 1 / a;
    let term = sum;
    for (let n = 1; n < 1_000; n++) {
      term *= x / (a + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * 1e-15) break;
    }
    return 1 - sum * lead;
  }
  let b = x + 1 - a;
  let c = 1 / 1e-300;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 1_000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < 1e-300) d = 1e-300;
    c = b + an / c;
    if (Math.abs(c) < 1e-300) c = 1e-300;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-15) break;
  }
  return lead * h;
}

/** P(χ²_df ≥ x). */
const chiSquareTail = (x: number, df: number) => gammaQ(df / 2, x / 2);

/** The x with P(χ²_df ≥ x) = alpha, by bisection. */
function criticalValue(df: number, alpha: number): number {
  let lo = 0;
  let hi = df + 100 * Math.sqrt(2 * df) + 100;
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    if (chiSquareTail(mid, df) > alpha) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

function chiSquare(observed: readonly number[], weights: readonly number[]): number {
  const total = weights.reduce((a, w) => a + w, 0);
  const n = observed.reduce((a, o) => a + o, 0);
  return observed.reduce((sum, o, i) => {
    const expected = (n * weights[i]!) / total;
    return sum + (o - expected) ** 2 / expected;
  }, 0);
}

describe("the chi-square tail used below", () => {
  it("matches table values", () => {
    expect(chiSquareTail(3.841, 1)).toBeCloseTo(0.05, 4);
    expect(chiSquareTail(10.828, 1)).toBeCloseTo(0.001, 5);
    expect(chiSquareTail(40.79, 17)).toBeCloseTo(0.001, 5);
    expect(chiSquareTail(16, 16)).toBeCloseTo(0.453, 3);
    expect(criticalValue(17, ALPHA)).toBeCloseTo(40.79, 1);
    expect(criticalValue(4, 0.05)).toBeCloseTo(9.488, 2);
  });
});

describe(`${OPENS} simulated opens match the configured weights`, () => {
  // A real case's shape: 7 Mil-Spec, 5 Restricted, 3 Classified, 2 Covert, 1 rare special
  // item, with the usual tier odds (every expected count ≥ 260, as chi-square needs).
  const shape = [
    ...Array.from({ length: 7 }, () => ({ category: "weapon", rarity: "Mil-Spec Grade" })),
    ...Array.from({ length: 5 }, () => ({ category: "weapon", rarity: "Restricted" })),
    ...Array.from({ length: 3 }, () => ({ category: "weapon", rarity: "Classified" })),
    ...Array.from({ length: 2 }, () => ({ category: "weapon", rarity: "Covert" })),
    { category: "knife", rarity: "Extraordinary" },
  ];
  const weights = tierWeights(shape).map((w) => w.weight);
  const counts = new Array<number>(weights.length).fill(0);

  beforeAll(() => {
    // a fresh random seed pair every 1000 opens, nonces 0..999 with it (as players do)
    let serverSeed = "";
    let clientSeed = "";
    for (let i = 0; i < OPENS; i++) {
      if (i % 1_000 === 0) {
        serverSeed = newServerSeed();
        clientSeed = newClientSeed();
      }
      counts[rollIndex({ serverSeed, clientSeed, nonce: i % 1_000 }, weights)]! += 1;
    }
  });

  it("Pearson's statistic stays below the p = 0.001 critical value", () => {
    expect(counts.reduce((a, b) => a + b, 0)).toBe(OPENS);
    const df = weights.length - 1;
    const stat = chiSquare(counts, weights);
    const critical = criticalValue(df, ALPHA);
    expect(critical).toBeGreaterThan(40);
    expect(stat, `χ² = ${stat.toFixed(2)} (df ${df}), counts ${counts.join(",")}`).toBeLessThan(critical);
    expect(chiSquareTail(stat, df)).toBeGreaterThan(ALPHA);
  });

  it("the same counts fail against weights with one Mil-Spec item 10 % likelier (the test has power)", () => {
    const wrong = [...weights];
    wrong[0] = Math.round(wrong[0]! * 1.1);
    const stat = chiSquare(counts, wrong);
    expect(stat).toBeGreaterThan(criticalValue(weights.length - 1, ALPHA));
  });
});
