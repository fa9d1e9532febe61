// docs/security.md "Avatars are served by the site": GET /img/avatar/<userId> answers the user's stored
// avatar fetched by the worker from an allowed host (AVATAR_IMAGE_HOSTS), asked of
// AVATAR_IMAGE_BASE_URL as <base>/<host><path> (the fake of tests/fakes/images.mjs: a PNG, 404 for
// "broken" in the path, 500 for "fail"); the letter avatar (an SVG) when there is none, the host is
// not allowed or the source fails; 404 for an unknown user, 400 for a malformed id. No open proxy.
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { avatarColor, avatarPath } from "../../shared/avatars";
import { AVATARS } from "../../shared/constants";
import { makeUser } from "./user-fixtures";

const fakeBase = env.AVATAR_IMAGE_BASE_URL; // <fakes>/avatar
const get = (path: string) => exports.default.fetch(`http://x${path}`);
let seq = 0;
const steamAvatar = (tag: string) => `https://avatars.steamstatic.com/${tag}${Date.now().toString(36)}${++seq}_full.jpg`;

async function hits(stored: string): Promise<number> {
  const u = new URL(stored);
  const res = await fetch(`${fakeBase}/control/hits?path=${encodeURIComponent(`/${u.hostname}${u.pathname}`)}`);
  return (await res.json<{ hits: number }>()).hits;
}

async function expectLetter(res: Response, username: string, letter: string) {
  expect(res.status).toBe(200);
  expect(res.headers.get("Content-Type")).toMatch(/^image\/svg\+xml/);
  expect(res.headers.get("Cache-Control")).toBe(`public, max-age=${AVATARS.fallbackCacheSeconds}`);
  const svg = await res.text();
  expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  expect(svg).toContain(`fill="${avatarColor(username)}"`);
  expect(svg).toContain(`>${letter}</text>`);
  expect(svg).not.toMatch(/<script|href=|on\w+=/i);
}

async function expectError(res: Response, status: number, key: string) {
  expect(res.status).toBe(status);
  expect(((await res.json()) as { message: string }).message).toBe(key);
}

describe("GET /img/avatar/<userId>", () => {
  it("serves the stored picture from the allowed host, then from the cache (a query string changes nothing)", async () => {
    const stored = steamAvatar("hit");
    const { user } = await makeUser({ username: "Pictured", avatar: stored });
    const path = avatarPath(user.id, user.avatar)!;
    expect(path).toMatch(new RegExp(`^/img/avatar/${user.id}\\?v=[0-9a-z]+$`));
    const res = await get(path);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/png");
    expect(res.headers.get("Cache-Control")).toBe(`public, max-age=${AVATARS.cacheSeconds}`);
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    expect(await hits(stored)).toBe(1);
    for (const again of [`/img/avatar/${user.id}`, `/img/avatar/${user.id}?v=other`]) {
      const r = await get(again);
      expect(r.status).toBe(200);
      expect(new Uint8Array(await r.arrayBuffer())).toEqual(bytes);
    }
    expect(await hits(stored)).toBe(1);
  });

  it("a changed avatar is fetched anew (cached by the stored URL) and gets a new client address", async () => {
    const first = steamAvatar("old");
    const { user } = await makeUser({ username: "Changer", avatar: first });
    expect((await get(`/img/avatar/${user.id}`)).status).toBe(200);
    const second = steamAvatar("new");
    await env.DB.prepare("UPDATE users SET avatar = ?1 WHERE id = ?2").bind(second, user.id).run();
    expect((await get(`/img/avatar/${user.id}`)).headers.get("Content-Type")).toBe("image/png");
    expect([await hits(first), await hits(second)]).toEqual([1, 1]);
    expect(avatarPath(user.id, first)).not.toBe(avatarPath(user.id, second));
  });

  it("answers the letter avatar for no picture, and never asks the source", async () => {
    const { user } = await makeUser({ username: "nopic" });
    expect(user.avatar).toBe("default");
    expect(avatarPath(user.id, user.avatar)).toBeNull();
    await expectLetter(await get(`/img/avatar/${user.id}`), "nopic", "N");
    // a name beginning with markup is escaped in the SVG
    const { user: odd } = await makeUser({ username: "<b>x" });
    await expectLetter(await get(`/img/avatar/${odd.id}`), "<b>x", "&lt;");
  });

  it.each([
    ["a 404", "broken"],
    ["a 500", "fail"],
  ])("answers the letter avatar (cached briefly) when the source gives %s", async (_what, tag) => {
    const stored = steamAvatar(tag);
    const { user } = await makeUser({ username: "Ghost", avatar: stored });
    await expectLetter(await get(`/img/avatar/${user.id}`), "Ghost", "G");
    await expectLetter(await get(`/img/avatar/${user.id}`), "Ghost", "G");
    expect(await hits(stored)).toBe(1);
  });

  it("never fetches a host that is not allowed, nor a URL with credentials or a port: the letter avatar", async () => {
    for (const stored of [
      `${fakeBase}/avatars.steamstatic.com/direct-${++seq}.jpg`,
      "https://evil.example/steal.png",
      "https://avatars.steamstatic.com.evil.example/x.jpg",
      "https://steamstatic.com/x.jpg",
      "https://user:pw@avatars.steamstatic.com/x.jpg",
      "https://avatars.steamstatic.com:8443/x.jpg",
      "ftp://avatars.steamstatic.com/x.jpg",
      "/img/avatar/1",
    ]) {
      const { user } = await makeUser({ username: "Mallory", avatar: stored });
      await expectLetter(await get(`/img/avatar/${user.id}`), "Mallory", "M");
    }
    // a VK avatar (an allowed "*.userapi.com" host) is served
    const vk = `https://sun9-${++seq}.userapi.com/impg/abc.jpg`;
    const { user } = await makeUser({ username: "Vk", avatar: vk });
    expect((await get(`/img/avatar/${user.id}`)).headers.get("Content-Type")).toBe("image/png");
    expect(await hits(vk)).toBe(1);
  });

  it("refuses a malformed id with 400 and an unknown user with 404 (§8 keys), fetching nothing", async () => {
    for (const bad of ["0", "-1", "01", "abc", "1.5", "2147483648", "99999999999", "1e3", "%20"]) {
      await expectError(await get(`/img/avatar/${bad}`), 400, "app_api.invalid_request");
    }
    await expectError(await get("/img/avatar/2147483647"), 404, "app_api.not_found");
    // no other shapes: the route takes a user id, never a URL
    for (const path of ["/img/avatar/", "/img/avatar/1/x", `/img/avatar/?url=${encodeURIComponent("https://avatars.steamstatic.com/x.jpg")}`]) {
      const res = await get(path);
      expect([400, 404]).toContain(res.status);
      expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
    }
  });
});
