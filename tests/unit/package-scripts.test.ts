// Every package.json script runs what it names: a `node scripts/…` file that exists, a binary a
// dependency installs, or another script of the file. A script that names a missing file (as
// seed:local once did) fails here, not on a newcomer's machine.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../..");
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { scripts: Record<string, string> };

/** The commands of a script line: split on && || ; and | (no script here quotes those). */
const commandsOf = (line: string) =>
  line
    .split(/&&|\|\||;|\|/)
    .map((c) => c.trim().split(/\s+/))
    .filter((words) => words.length > 0 && words[0] !== "");

describe("package.json scripts", () => {
  it.each(Object.entries(pkg.scripts))("%s names only things that exist", (_name, line) => {
    for (const [cmd, ...args] of commandsOf(line)) {
      if (cmd === "node") {
        const file = args.find((a) => !a.startsWith("-"));
        expect(file && existsSync(join(root, file)), `${line}: ${file}`).toBe(true);
      } else if (cmd === "npm") {
        if (args[0] === "run") expect(pkg.scripts[args[1] ?? ""], `${line}: npm run ${args[1]}`).toBeDefined();
      } else {
        expect(existsSync(join(root, "node_modules/.bin", cmd ?? "")), `${line}: ${cmd} is not installed`).toBe(true);
      }
    }
  });

  it("every scripts/*.mjs entry point the docs name has its npm script or is a library", () => {
    const named = new Set(Object.values(pkg.scripts).flatMap((line) => commandsOf(line).flatMap(([cmd, file]) => (cmd === "node" && file ? [file] : []))));
    for (const file of [
      "scripts/start.mjs",
      "scripts/seed-local.mjs",
      "scripts/test-all.mjs",
      "scripts/new-crash-chain.mjs",
      "scripts/new-jackpot-chain.mjs",
    ]) {
      expect(named.has(file), file).toBe(true);
    }
  });
});
