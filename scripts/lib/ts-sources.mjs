// Lets a Node script import the project's TypeScript sources (shared/, worker/) directly:
// Node's type stripping (re-running the script with the flag on Node 22.12–22.17) plus a resolve
// hook for the bundler-style extensionless relative imports the sources use.
// Call it before the first dynamic import of a .ts file.
import { spawnSync } from "node:child_process";
import * as nodeModule from "node:module";
import path from "node:path";

/** @param {string} script the calling script's name, for the error message */
export function enableTypeScriptSources(script = path.basename(process.argv[1] ?? "script")) {
  if (!process.features.typescript) {
    const r = spawnSync(process.execPath, ["--experimental-strip-types", "--no-warnings", ...process.argv.slice(1)], { stdio: "inherit" });
    process.exit(r.status ?? 1);
  }
  if (typeof nodeModule.registerHooks !== "function") {
    console.error(`${script} needs Node >= 22.15 (module.registerHooks)`);
    process.exit(1);
  }
  nodeModule.registerHooks({
    resolve(specifier, context, next) {
      const relative = specifier.startsWith("./") || specifier.startsWith("../");
      if (!relative || !context.parentURL?.endsWith(".ts") || /\.[cm]?[jt]s$|\.json$/.test(specifier)) return next(specifier, context);
      try {
        return next(`${specifier}.ts`, context);
      } catch {
        return next(`${specifier}/index.ts`, context);
      }
    },
  });
}
