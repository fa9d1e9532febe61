import { describe, expect, it } from "vitest";
import { findEntry, initialFiles } from "../../scripts/report-size.mjs";

// A manifest shaped like Vite's: the entry, a static vendor import, lazy screens with their CSS.
const manifest = {
  "index.html": { file: "assets/index.js", isEntry: true, imports: ["_vendor.js"], dynamicImports: ["src/Screen.tsx"], css: ["assets/index.css"] },
  "_vendor.js": { file: "assets/vendor.js", imports: ["_runtime.js"] },
  "_runtime.js": { file: "assets/runtime.js" },
  "src/Screen.tsx": { file: "assets/Screen.js", isDynamicEntry: true, imports: ["_vendor.js", "_zod.js"], css: ["assets/Screen.css"] },
  "_zod.js": { file: "assets/zod.js" },
};

describe("report-size: what the first load of / fetches", () => {
  it("finds the index.html entry", () => {
    expect(findEntry(manifest)).toBe("index.html");
  });

  it("counts the entry, its static imports transitively and their CSS, never lazy chunks", () => {
    const { js, css } = initialFiles(manifest, "index.html");
    expect(js.sort()).toEqual(["assets/index.js", "assets/runtime.js", "assets/vendor.js"]);
    expect(css).toEqual(["assets/index.css"]);
  });

  it("fails loudly without an entry", () => {
    expect(() => findEntry({ "_a.js": { file: "a.js" } })).toThrow(/no entry/);
  });
});
