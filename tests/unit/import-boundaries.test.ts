// The import rules of .dependency-cruiser.cjs catch what they are meant to: a planted tree with one
// violation per rule is cruised with the real config (in a temp dir, so the repo stays clean), and
// each rule reports its violation; the allowed imports next to them report nothing.
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const dir = mkdtempSync(path.join(os.tmpdir(), "skinrush-boundaries-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function plant(files: Record<string, string>) {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
}

const planted: Record<string, string> = {
  // violations, one per rule
  "web/src/features/a/A.ts": 'import { b } from "../b/B";\nexport const a = b;\n',
  "web/src/ui/Widget.ts": 'import { a } from "../features/a/ok";\nexport const w = a;\n',
  "web/src/features/a/UsesShell.ts": 'import { shell } from "../../app/shell";\nexport const s = shell;\n',
  "web/src/lib/UsesWorker.ts": 'import { route } from "../../../worker/api/g/routes";\nexport const r = route;\n',
  "worker/lib/UsesWeb.ts": 'import { w } from "../../web/src/ui/ok";\nexport const x = w;\n',
  "shared/UsesWorker.ts": 'import { d } from "../worker/store/domain";\nexport const y = d;\n',
  "worker/store/domain.ts": 'import { route } from "../api/g/routes";\nexport const d = route;\n',
  "worker/rooms/crash/Peek.ts": 'import { inner } from "../chat/inner";\nexport const p = inner;\n',
  "worker/withdraws/PeekRoom.ts": 'import { inner } from "../rooms/chat/inner";\nexport const q = inner;\n',
  "worker/rooms/crash/PeekHub.ts": 'import { counts } from "../hub/presence";\nexport const h = counts;\n',
  // a type-only import counts too (swc parses it; the TypeScript compiler is not needed for that)
  "web/src/features/a/TypeOnly.ts": 'import type { BShape } from "../b/BShape";\nexport type A = BShape;\n',
  "web/src/features/b/BShape.ts": "export interface BShape { b: number }\n",
  // allowed neighbours
  "web/src/features/b/B.ts": 'import { u } from "../../ui/ok";\nexport const b = u;\n',
  "web/src/features/a/ok.ts": "export const a = 1;\n",
  "web/src/ui/ok.ts": 'import { c } from "../../../shared/c";\nexport const u = c;\n',
  "web/src/app/shell.ts": 'import { a } from "../features/a/ok";\nexport const shell = a;\n',
  "shared/c.ts": "export const c = 1;\n",
  "worker/api/g/routes.ts": 'import { d2 } from "../../store/plain";\nexport const route = d2;\n',
  "worker/store/plain.ts": "export const d2 = 1;\n",
  "worker/rooms/chat/inner.ts": 'import { base } from "../base/Room";\nexport const inner = base;\n',
  "worker/rooms/chat/stub.ts": "export const stub = 1;\n",
  "worker/rooms/base/Room.ts": "export const base = 1;\n",
  "worker/rooms/crash/UsesStub.ts": 'import { stub } from "../chat/stub";\nexport const s2 = stub;\n',
  "worker/lib/UsesStub.ts": 'import { stub } from "../rooms/chat/stub";\nexport const s3 = stub;\n',
  "worker/rooms/hub/presence.ts": "export const counts = 1;\n",
  "worker/rooms/hub.ts": 'import { counts } from "./hub/presence";\nexport const hub = counts;\n',
  "worker/rooms/crash/UsesHub.ts": 'import { hub } from "../hub";\nexport const s5 = hub;\n',
  "worker/lib/UsesRoomFramework.ts": 'import { base } from "../rooms/base/Room";\nexport const s4 = base;\n',
};

describe("import boundaries (.dependency-cruiser.cjs)", () => {
  it("reports each planted violation under its rule and nothing else", () => {
    plant(planted);
    cpSync(path.join(root, ".dependency-cruiser.cjs"), path.join(dir, ".dependency-cruiser.cjs"));
    cpSync(path.join(root, "tsconfig.base.json"), path.join(dir, "tsconfig.base.json"));
    const r = spawnSync(
      path.join(root, "node_modules/.bin/depcruise"),
      ["web/src", "worker", "shared", "--config", ".dependency-cruiser.cjs", "--output-type", "json"],
      {
        cwd: dir,
        encoding: "utf8",
      },
    );
    const report = JSON.parse(r.stdout) as { summary: { violations: { rule: { name: string }; from: string; to: string }[] } };
    const found = report.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
    expect(found).toEqual(
      [
        "no-cross-feature: web/src/features/a/A.ts -> web/src/features/b/B.ts",
        "no-cross-feature: web/src/features/a/TypeOnly.ts -> web/src/features/b/BShape.ts",
        "no-shell-upstream: web/src/ui/Widget.ts -> web/src/features/a/ok.ts",
        "no-feature-to-app: web/src/features/a/UsesShell.ts -> web/src/app/shell.ts",
        "no-web-worker: web/src/lib/UsesWorker.ts -> worker/api/g/routes.ts",
        "no-worker-web: worker/lib/UsesWeb.ts -> web/src/ui/ok.ts",
        "no-shared-upstream: shared/UsesWorker.ts -> worker/store/domain.ts",
        "no-domain-to-api: worker/store/domain.ts -> worker/api/g/routes.ts",
        "no-room-internals: worker/rooms/crash/Peek.ts -> worker/rooms/chat/inner.ts",
        "no-room-internals: worker/rooms/crash/PeekHub.ts -> worker/rooms/hub/presence.ts",
        "no-room-internals-from-outside: worker/withdraws/PeekRoom.ts -> worker/rooms/chat/inner.ts",
      ].sort(),
    );
  }, 60_000);
});
