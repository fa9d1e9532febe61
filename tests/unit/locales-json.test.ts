// The locale files are plain JSON that Biome does not check (biome.json leaves *.json out). JSON.parse
// keeps the last of two equal keys, so a merge that adds a second "deposit_api" block silently hides
// the first one's texts: every object in a locale file must name each key once.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../../web/src/locales");

/** "a.b" paths of keys that stand twice in one object, found with a small scanner over the JSON text. */
function duplicateKeys(text: string): string[] {
  const found: string[] = [];
  const stack: { keys: Set<string>; path: string }[] = [];
  let pendingKey: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') {
      let j = i + 1;
      while (text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
      const str = JSON.parse(text.slice(i, j + 1)) as string;
      let k = j + 1;
      while (/\s/.test(text[k] ?? "")) k++;
      if (text[k] === ":" && stack.length > 0) {
        const top = stack[stack.length - 1]!;
        const full = top.path ? `${top.path}.${str}` : str;
        if (top.keys.has(str)) found.push(full);
        top.keys.add(str);
        pendingKey = full;
      }
      i = j;
    } else if (ch === "{") {
      stack.push({ keys: new Set(), path: pendingKey ?? "" });
      pendingKey = null;
    } else if (ch === "}") {
      stack.pop();
    } else if (ch === "," || ch === "[") {
      pendingKey = null;
    }
  }
  return found;
}

describe("locale files", () => {
  it("the scanner finds a key written twice, at any depth", () => {
    expect(duplicateKeys('{"a": {"x": "1"}, "b": "2", "a": {"y": "3"}}')).toEqual(["a"]);
    expect(duplicateKeys('{"a": {"x": "1", "x": "2"}, "b": "say \\"x\\": hi"}')).toEqual(["a.x"]);
    expect(duplicateKeys('{"a": {"x": "1"}, "b": {"x": "2"}}')).toEqual([]);
  });

  // web/src/locales/<lng>/*.json, and the console's own web/src/locales/console/<lng>/*.json
  const folders = ["", "console"].flatMap((group) =>
    readdirSync(path.join(root, group))
      .filter((lng) => lng !== "console" && !lng.endsWith(".json"))
      .map((lng) => path.join(group, lng)),
  );
  for (const folder of folders) {
    for (const file of readdirSync(path.join(root, folder)).filter((f) => f.endsWith(".json"))) {
      it(`${folder}/${file} names every key once`, () => {
        expect(duplicateKeys(readFileSync(path.join(root, folder, file), "utf8"))).toEqual([]);
      });
    }
  }
});
