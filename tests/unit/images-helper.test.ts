// shared/images.ts: the SPA shows item and case pictures only from the site's /img route.
import { describe, expect, it } from "vitest";
import { catalogueEntries, catalogueFile } from "../../shared/catalogue";
import { IMAGE_FILE_RE, imageFileOf, siteImageUrl } from "../../shared/images";

const HASH = "83d5e2eb3850bc41252d8cf10b28804041540fcc90e74e3309b2424ca0308e50";

describe("siteImageUrl", () => {
  it("maps a catalogue picture URL to the site's route", () => {
    expect(siteImageUrl("item", `https://cdn.cstrike.app/images/${HASH}.webp`)).toBe(`/img/item/${HASH}.webp`);
    expect(siteImageUrl("case", `https://cdn.cstrike.app/images/${HASH}.webp?x=1`)).toBe(`/img/case/${HASH}.webp`);
    expect(siteImageUrl("item", `/img/item/${HASH}.webp`)).toBe(`/img/item/${HASH}.webp`);
  });

  it("gives null for anything that is not a catalogue picture (no foreign request)", () => {
    for (const url of [
      null,
      undefined,
      "",
      "https://evil.example/x.png",
      `https://cdn.example/images/${HASH}.png`,
      `https://x/${HASH.slice(2)}.webp`,
      `javascript:${HASH}.webp`,
    ]) {
      expect(siteImageUrl("item", url), String(url)).toBeNull();
    }
  });

  it("knows every picture of the catalogue", () => {
    for (const e of catalogueEntries().slice(0, 500)) expect(imageFileOf(e.image)).toMatch(IMAGE_FILE_RE);
    for (const c of catalogueFile.cases) if (c.image) expect(imageFileOf(c.image)).toMatch(IMAGE_FILE_RE);
  });
});
