// docs/security.md "Item and case pictures are served by the site": item and case pictures served by the site from ITEM_IMAGE_BASE_URL (the fake CDN of
// tests/fakes/images.mjs: a hash starting 0-b is a PNG, c-d 404, e 500, f an HTML page).
// Cached for a year when good; a rarity-coloured SVG (cached briefly) when the source fails; only
// catalogue names are ever fetched.
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { catalogueFile } from "../../shared/catalogue";
import { IMAGES } from "../../shared/constants";
import { imageFileOf } from "../../shared/images";
import { rarityColor } from "../../shared/items";
import app from "../../worker/index";

const fakeBase = env.ITEM_IMAGE_BASE_URL; // <fakes>/img
const used = new Set<string>();

/** A catalogue skin picture (unused by earlier tests) whose hash starts with one of `digits`. */
function skinPicture(digits: string): { file: string; color: string } {
  for (const s of catalogueFile.skins) {
    const file = imageFileOf(s.image)!;
    if (digits.includes(file[0]!) && !used.has(file)) {
      used.add(file);
      return { file, color: rarityColor(s.rarity) };
    }
  }
  throw new Error(`no catalogue picture starting with [${digits}]`);
}

async function hits(file: string): Promise<number> {
  const res = await fetch(`${fakeBase}/control/hits?file=${file}`);
  return (await res.json<{ hits: number }>()).hits;
}

const get = (path: string) => exports.default.fetch(`http://x${path}`);

async function expectFallback(res: Response, color: string) {
  expect(res.status).toBe(200);
  expect(res.headers.get("Content-Type")).toMatch(/^image\/svg\+xml/);
  expect(res.headers.get("Cache-Control")).toBe(`public, max-age=${IMAGES.fallbackCacheSeconds}`);
  const svg = await res.text();
  expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  expect(svg).toContain(`fill="${color}"`);
  expect(svg).not.toMatch(/<script|href=|on\w+=/i);
}

describe("GET /img/item/<hash>.webp", () => {
  it("serves the source picture with a year's immutable caching, then from the cache", async () => {
    const { file } = skinPicture("0123456789ab");
    const res = await get(`/img/item/${file}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/png");
    expect(res.headers.get("Cache-Control")).toBe(`public, max-age=${IMAGES.cacheSeconds}, immutable`);
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    expect(await hits(file)).toBe(1);
    // again, and with a query string that must not make it fetch the source again
    for (const path of [`/img/item/${file}`, `/img/item/${file}?v=2`]) {
      const again = await get(path);
      expect(again.status).toBe(200);
      expect(again.headers.get("Content-Type")).toBe("image/png");
      expect(new Uint8Array(await again.arrayBuffer())).toEqual(bytes);
    }
    expect(await hits(file)).toBe(1);
  });

  it.each([
    ["a 404", "cd"],
    ["a 500", "e"],
    ["an HTML page (not an image)", "f"],
  ])("answers the item's rarity-coloured fallback when the source gives %s", async (_what, digits) => {
    const { file, color } = skinPicture(digits);
    await expectFallback(await get(`/img/item/${file}`), color);
    expect(await hits(file)).toBe(1);
  });

  it("covers every rarity colour the catalogue uses in its fallbacks", async () => {
    // a Covert (red) and a gold (knife/glove) failing picture, so the colour is the item's own
    const red = catalogueFile.skins.find((s) => s.rarity === "Covert" && /^[c-f]/.test(imageFileOf(s.image)!) && !used.has(imageFileOf(s.image)!))!;
    const gold = catalogueFile.skins.find((s) => s.rarity === "Extraordinary" && /^[c-f]/.test(imageFileOf(s.image)!) && !used.has(imageFileOf(s.image)!))!;
    for (const s of [red, gold]) {
      const file = imageFileOf(s.image)!;
      used.add(file);
      await expectFallback(await get(`/img/item/${file}`), rarityColor(s.rarity));
    }
  });

  it("answers the fallback when the source does not answer in time", { timeout: 20_000 }, async () => {
    // the fake's /slow source answers this picture after 10 s: a worker that waited for it would
    // serve the picture, not the fallback
    const { file, color } = skinPicture("0123456789ab");
    const res = await app.request(`http://x/img/item/${file}`, {}, { ...env, ITEM_IMAGE_BASE_URL: `${fakeBase}/slow` });
    await expectFallback(res, color);
  });

  it("answers the fallback without any request when no source is configured", async () => {
    const { file, color } = skinPicture("0123456789ab");
    const res = await app.request(`http://x/img/item/${file}`, {}, { ...env, ITEM_IMAGE_BASE_URL: "" });
    await expectFallback(res, color);
    expect(await hits(file)).toBe(0);
  });

  it("refuses names outside the catalogue with a catalogue key and never asks the source", async () => {
    const { file } = skinPicture("0123456789ab");
    const hash = file.slice(0, 64);
    const cases: [string, number, string][] = [
      [`/img/item/${"0".repeat(64)}.webp`, 404, "app_api.not_found"], // well-formed, not in the catalogue
      [`/img/item/${hash}.png`, 400, "app_api.invalid_request"],
      [`/img/item/${hash.toUpperCase()}.webp`, 400, "app_api.invalid_request"],
      [`/img/item/${hash}`, 400, "app_api.invalid_request"],
      [`/img/item/${hash.slice(1)}.webp`, 400, "app_api.invalid_request"],
      [`/img/item/..%2F${hash}.webp`, 400, "app_api.invalid_request"],
      [`/img/item/https%3A%2F%2Fevil.example%2Fx.webp`, 400, "app_api.invalid_request"],
      [`/img/skin/${file}`, 400, "app_api.invalid_request"],
      [`/img/item/${file}/more`, 404, "app_api.not_found"],
      [`/img/`, 404, "app_api.not_found"],
    ];
    for (const [path, status, key] of cases) {
      const res = await get(path);
      expect(res.status, path).toBe(status);
      expect(await res.json(), path).toMatchObject({ status: "error", message: key });
    }
    // a case picture is not an item picture
    const kase = imageFileOf(catalogueFile.cases.find((c) => c.image)!.image)!;
    expect((await get(`/img/item/${kase}`)).status).toBe(404);
    expect(await hits(file)).toBe(0);
    expect(await hits(`${"0".repeat(64)}.webp`)).toBe(0);
  });
});

describe("GET /img/case/<hash>.webp", () => {
  it("serves the catalogue's case pictures, with the case colour as fallback", async () => {
    const files = catalogueFile.cases.map((c) => imageFileOf(c.image)).filter((f): f is string => f !== null);
    const good = files.find((f) => /^[0-9a-b]/.test(f))!;
    const bad = files.find((f) => /^[c-f]/.test(f))!;
    const ok = await get(`/img/case/${good}`);
    expect(ok.headers.get("Content-Type")).toBe("image/png");
    await ok.body?.cancel();
    await expectFallback(await get(`/img/case/${bad}`), IMAGES.caseColor);
  });
});
