import { describe, expect, it } from "vitest";
import { consoleFiles, findEntry, initialFiles } from "../../scripts/report-size.mjs";

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

describe("report-size: the operator console stays out of the first load", () => {
  const app = {
    "index.html": { file: "assets/index.js", isEntry: true, imports: ["_vendor.js"], dynamicImports: ["web/src/features/admin/console/ConsoleApp.tsx"] },
    "_vendor.js": { file: "assets/vendor.js" },
    "web/src/features/admin/console/ConsoleApp.tsx": {
      file: "assets/ConsoleApp.js",
      isDynamicEntry: true,
      imports: ["_vendor.js", "_uqr.js"],
      css: ["assets/console.css"],
    },
    "_uqr.js": { file: "assets/uqr.js" },
  };

  it("counts the console's lazy files, not the vendor chunk the first load already has", () => {
    const initial = initialFiles(app, "index.html");
    const { files, leaked } = consoleFiles(app, new Set([...initial.js, ...initial.css]));
    expect(files.sort()).toEqual(["assets/ConsoleApp.js", "assets/console.css", "assets/uqr.js"]);
    expect(leaked).toEqual([]);
  });

  it("names a console module the first load would fetch", () => {
    const leaky = { ...app, "index.html": { ...app["index.html"], imports: ["_vendor.js", "web/src/features/admin/console/ConsoleApp.tsx"] } };
    const initial = initialFiles(leaky, "index.html");
    expect(consoleFiles(leaky, new Set([...initial.js, ...initial.css])).leaked).toEqual(["web/src/features/admin/console/ConsoleApp.tsx"]);
  });
});
