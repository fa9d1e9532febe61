// The reliability tier (docs/testing.md "Reliability suite"): inside workerd like the worker tier,
// with the same bindings and fakes, over tests/reliability/. Its files print their counts.
import { defineConfig } from "vitest/config";
import worker from "../worker/vitest.config";

export default defineConfig({
  ...worker,
  test: {
    ...worker.test,
    include: ["tests/reliability/**/*.test.ts"],
    // conservation.test.ts: CONSERVATION_SEED replays a run, CONSERVATION_RUNS changes how many
    provide: {
      conservationSeed: process.env.CONSERVATION_SEED ? Number(process.env.CONSERVATION_SEED) : undefined,
      conservationRuns: process.env.CONSERVATION_RUNS ? Number(process.env.CONSERVATION_RUNS) : undefined,
      // faults.test.ts: FAULTS_SEED replays its eviction points
      faultsSeed: process.env.FAULTS_SEED ? Number(process.env.FAULTS_SEED) : undefined,
    },
  },
});
