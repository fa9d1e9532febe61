// The FAQ's content rules (docs/support.md "FAQ"): every question in both languages, no number
// typed into a text (they come from shared/constants.ts), every placeholder an answer names has a
// value, and the search's matching.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FAQ_GROUPS, FAQ_SLUGS, faqValues, matchesQuery, normalizeQuery, plainText } from "../../web/src/features/faq/faqContent";

const locales = path.resolve(__dirname, "../../web/src/locales");
const read = (lng: string, ns: string) => JSON.parse(readFileSync(path.join(locales, lng, `${ns}.json`), "utf8")) as Record<string, unknown>;

/** Every string value of a nested object. */
function texts(obj: unknown): string[] {
  if (typeof obj === "string") return [obj];
  return obj && typeof obj === "object" ? Object.values(obj).flatMap(texts) : [];
}

describe("the FAQ's texts", () => {
  for (const lng of ["ru", "en"]) {
    it(`${lng}: a question and an answer for every slug, and no other`, () => {
      const items = read(lng, "faq").items as Record<string, { q?: string; a?: string }>;
      expect(Object.keys(items).sort()).toEqual([...FAQ_SLUGS].sort());
      for (const slug of FAQ_SLUGS) {
        expect(items[slug]?.q, slug).toBeTruthy();
        expect(items[slug]?.a, slug).toBeTruthy();
      }
      const groups = read(lng, "faq").groups as Record<string, string>;
      expect(Object.keys(groups).sort()).toEqual(FAQ_GROUPS.map((g) => g.id).sort());
    });

    it(`${lng}: every placeholder of an answer has a value`, () => {
      const items = read(lng, "faq").items as Record<string, { a: string }>;
      for (const [slug, { a }] of Object.entries(items)) {
        for (const [, name] of a.matchAll(/{{(\w+)}}/g)) expect(faqValues, `${slug}: {{${name}}}`).toHaveProperty(name as string);
      }
    });

    for (const ns of ["faq", "agreement"]) {
      it(`${lng}/${ns}.json types no number (the constants are interpolated)`, () => {
        const withDigits = texts(read(lng, ns)).filter((t) => /\d/.test(t.replace(/{{\w+}}/g, "").replaceAll("CS2", "")));
        expect(withDigits).toEqual([]);
      });
    }
  }

  it("has no value left undefined", () => {
    for (const [name, value] of Object.entries(faqValues)) expect(value, name).not.toBeUndefined();
    expect(faqValues.receiptShorter).toBe(10);
    expect(faqValues.examplePayout).toBe("$28.01");
  });
});

describe("the FAQ search", () => {
  it("ignores case, ё / е and extra spaces", () => {
    expect(normalizeQuery("  Кешбэк   ЁЛКА ")).toBe("кешбэк елка");
    expect(matchesQuery(normalizeQuery("КЕШБЭК"), "Как работает кешбэк?")).toBe(true);
    expect(matchesQuery(normalizeQuery("елка"), "Ёлка")).toBe(true);
    expect(matchesQuery(normalizeQuery("trade link"), "Where do I find my trade  link?")).toBe(true);
    expect(matchesQuery(normalizeQuery("бонус"), "Вывод", "Налог 20 %")).toBe(false);
  });

  it("matches an answer's words, not its link tags", () => {
    const answer = "Check on the <fair>Provably fair</fair> page.";
    expect(plainText(answer)).toBe("Check on the Provably fair page.");
    expect(matchesQuery("fair page", plainText(answer))).toBe(true);
    expect(matchesQuery("<fair>", plainText(answer))).toBe(false);
  });
});
