import path from "node:path";
import { defineConfig } from "vitest/config";

const root = path.resolve(import.meta.dirname, "../..");

// User journeys in a real Chromium against `wrangler dev` (started once by global-setup).
export default defineConfig({
  test: {
    root,
    include: ["tests/e2e/**/*.e2e.ts"],
    environment: "node",
    globalSetup: [path.join(root, "tests/e2e/global-setup.ts")],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll's own default (1 s) is shorter than a lazy screen's first load on a busy CI
    // machine (CI failed on a tab title that came 1 s late); a poll still ends at its first match.
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
