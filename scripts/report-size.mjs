// After `vite build`: prints the gzipped size of what the first load of / fetches — the entry
// chunk, every chunk it imports statically (transitively) and their CSS — read from Vite's
// manifest. Lazy chunks (dynamic imports) are not part of the first load and are not counted.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

/** The manifest entry for index.html (or the only entry). */
export function findEntry(m) {
  const entries = Object.entries(m).filter(([, v]) => v.isEntry);
  const html = entries.find(([k]) => k.endsWith("index.html"));
  const found = html ?? entries[0];
  if (!found) throw new Error("no entry in the Vite manifest");
  return found[0];
}

/** Files loaded up front: the entry, its static imports (transitively) and their CSS. */
export function initialFiles(m, entryKey) {
  const js = new Set();
  const css = new Set();
  const visit = (key) => {
    const chunk = m[key];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
    for (const imp of chunk.imports ?? []) visit(imp);
  };
  visit(entryKey);
  return { js: [...js], css: [...css] };
}

/** Manifest keys of the operator console's own modules (docs/security.md "Staff roles"). */
export const CONSOLE_SOURCES = /^(web\/)?src\/(features\/admin\/|locales\/console\/|app\/console)/;

/**
 * The console's chunks: every chunk reachable from a console module (imports and dynamic imports)
 * that the first load does not already fetch. `leaked` lists console modules the first load fetches
 * (there must be none: a player never downloads the console).
 */
export function consoleFiles(m, initial) {
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    const chunk = m[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    if (!initial.has(chunk.file)) files.add(chunk.file);
    for (const c of chunk.css ?? []) if (!initial.has(c)) files.add(c);
    for (const imp of chunk.imports ?? []) visit(imp);
    // a lazy import leads out of the console unless it is a console page's
    for (const imp of chunk.dynamicImports ?? []) if (CONSOLE_SOURCES.test(imp)) visit(imp);
  };
  const roots = Object.keys(m).filter((k) => CONSOLE_SOURCES.test(k));
  for (const k of roots) visit(k);
  const leaked = roots.filter((k) => initial.has(m[k].file));
  return { files: [...files], leaked };
}

const kb = (bytes) => (bytes / 1024).toFixed(1);

/** Where `vite build` writes the SPA. */
export const WEB_OUT_DIR = path.join(path.resolve(path.dirname(fileURLToPath(import.meta.url)), ".."), "dist/web");

/**
 * What the first load of / fetches from a build in `outDir`, gzipped: each file and the sums.
 * @param {string} [outDir]
 */
export function firstLoad(outDir = WEB_OUT_DIR) {
  const manifest = JSON.parse(readFileSync(path.join(outDir, ".vite/manifest.json"), "utf8"));
  const gz = (file) => gzipSync(readFileSync(path.join(outDir, file))).length;
  const { js, css } = initialFiles(manifest, findEntry(manifest));
  const files = [...js, ...css].map((file) => ({ file, bytes: gz(file) }));
  const sum = (list) => files.filter((f) => list.includes(f.file)).reduce((n, f) => n + f.bytes, 0);
  const jsBytes = sum(js);
  const cssBytes = sum(css);
  return { manifest, files, jsBytes, cssBytes, total: jsBytes + cssBytes, htmlBytes: gz("index.html") };
}

function main() {
  const { manifest, files, jsBytes, cssBytes, total, htmlBytes } = firstLoad();
  console.log(`initial load of /: ${kb(total)} KB gzipped (js ${kb(jsBytes)} KB, css ${kb(cssBytes)} KB; html ${kb(htmlBytes)} KB)`);
  if (process.argv.includes("--files")) for (const f of files) console.log(`  ${f.file}  ${kb(f.bytes)} KB`);

  const gz = (file) => gzipSync(readFileSync(path.join(WEB_OUT_DIR, file))).length;
  const staff = consoleFiles(manifest, new Set(files.map((f) => f.file)));
  const staffBytes = staff.files.reduce((sum, f) => sum + gz(f), 0);
  console.log(`operator console: ${kb(staffBytes)} KB gzipped in ${staff.files.length} lazy files, none of them in the first load`);
  if (staff.leaked.length) {
    console.error(`the first load fetches console modules: ${staff.leaked.join(", ")}`);
    process.exitCode = 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
