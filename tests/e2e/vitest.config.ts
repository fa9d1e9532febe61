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
  },
});
