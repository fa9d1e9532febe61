import path from "node:path";
import { defineConfig } from "vitest/config";

const root = path.resolve(import.meta.dirname, "../..");

// Pure logic in Node: shared/ and the worker's pure modules.
export default defineConfig({
  test: { root, include: ["tests/unit/**/*.test.ts"], environment: "node" },
});
