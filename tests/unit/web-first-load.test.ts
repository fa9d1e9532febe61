// zod and the answer schemas stay off the SPA's first load (docs/benchmarks.md "Weight of the first load"):
// modules the entry imports statically pass api() a loader of their schema (web/src/lib/api.ts),
// everything lazy imports schemas directly. This walks the entry's static imports (type-only and
// dynamic ones do not count) and fails on a path that reaches zod.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
// `import x from "m"`, `import { a, type B } from "m"`, `export { a } from "m"`, `import "m"`; not `import type`
const STATIC = /^(?:import|export)\s+(?!type\s)([^;]*?)\s*from\s+"([^"]+)"|^import\s+"([^"]+)"/gm;

function resolve(from: string, spec: string): string | null {
  if (!spec.startsWith(".")) return spec;
  const base = path.resolve(path.dirname(from), spec);
  for (const ext of ["", ".ts", ".tsx", "/index.ts", "/index.tsx"]) {
    const file = base + ext;
    if (/\.tsx?$/.test(file) && existsSync(file)) return file;
  }
  return null;
}

const typesOnly = (clause: string) =>
  clause.startsWith("{") &&
  clause
    .slice(1, -1)
    .split(",")
    .every((name) => !name.trim() || name.trim().startsWith("type "));

/** The chain of static imports from `entry` to the bare package `target`, or null. */
function staticPath(entry: string, target: string): string[] | null {
  const parent = new Map<string, string | null>([[entry, null]]);
  const queue = [entry];
  while (queue.length) {
    const file = queue.shift()!;
    for (const m of readFileSync(file, "utf8").matchAll(STATIC)) {
      if (m[1] && typesOnly(m[1].trim())) continue;
      const dep = resolve(file, (m[2] ?? m[3])!);
      if (dep === target) {
        const chain = [target];
        for (let f: string | null = file; f; f = parent.get(f) ?? null) chain.push(path.relative(root, f));
        return chain.reverse();
      }
      if (dep?.startsWith("/") && !parent.has(dep)) {
        parent.set(dep, file);
        queue.push(dep);
      }
    }
  }
  return null;
}

describe("the first load of /", () => {
  it("imports zod only lazily", () => {
    expect(staticPath(path.join(root, "web/src/main.tsx"), "zod")).toBeNull();
  });

  it("the walk does find zod behind a static import (the lazy chat panel imports the chat schemas)", () => {
    expect(staticPath(path.join(root, "web/src/features/chat/api.ts"), "zod")).toEqual(["web/src/features/chat/api.ts", "shared/api/chat.ts", "zod"]);
  });
});
