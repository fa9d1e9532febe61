// docs/security.md "Avatars are served by the site": where the SPA loads a player's picture (shared/avatars.ts
// avatarPath) and which stored URLs the worker may fetch (worker/images/avatar-source.ts).
import { describe, expect, it } from "vitest";
import { avatarPath } from "../../shared/avatars";
import { allowedAvatarHosts, avatarSourceUrl } from "../../worker/images/avatar-source";
import { letterAvatarSvg } from "../../worker/images/fallback-svg";

const HOSTS = "avatars.steamstatic.com, *.userapi.com,,bad host,*.vk.com";
const STEAM = "https://avatars.steamstatic.com/abc_full.jpg";

describe("avatarPath", () => {
  it("is the site's path for the user, versioned by the stored picture", () => {
    const path = avatarPath(42, STEAM);
    expect(path).toMatch(/^\/img\/avatar\/42\?v=[0-9a-z]+$/);
    expect(avatarPath(42, STEAM)).toBe(path);
    expect(avatarPath(42, "https://avatars.steamstatic.com/other_full.jpg")).not.toBe(path);
  });

  it("is null (the client draws the letter) without a picture or a usable id", () => {
    for (const avatar of ["default", "", null, undefined, "javascript:alert(1)", "data:image/png;base64,AAAA"]) expect(avatarPath(42, avatar)).toBeNull();
    for (const id of [0, -1, 1.5, Number.NaN, 2_147_483_648, null, undefined]) expect(avatarPath(id, STEAM)).toBeNull();
  });
});

describe("avatarSourceUrl", () => {
  it("reads the allow-list: exact hosts and *.domain, malformed entries dropped", () => {
    expect(allowedAvatarHosts(HOSTS)).toEqual(["avatars.steamstatic.com", "*.userapi.com", "*.vk.com"]);
    expect(allowedAvatarHosts(undefined)).toEqual([]);
  });

  it("fetches an allowed stored URL itself, or from the configured base as <base>/<host><path>", () => {
    expect(avatarSourceUrl(STEAM, HOSTS, "")).toBe(STEAM);
    expect(avatarSourceUrl(STEAM, HOSTS, "http://127.0.0.1:9/avatar/")).toBe("http://127.0.0.1:9/avatar/avatars.steamstatic.com/abc_full.jpg");
    expect(avatarSourceUrl("https://sun9-1.userapi.com/impg/a.jpg?size=200", HOSTS, undefined)).toBe("https://sun9-1.userapi.com/impg/a.jpg?size=200");
  });

  it("refuses everything else: other hosts, look-alikes, the bare domain of a wildcard, credentials, ports, other schemes", () => {
    for (const stored of [
      "https://evil.example/a.png",
      "https://avatars.steamstatic.com.evil.example/a.jpg",
      "https://userapi.com/a.jpg",
      "https://xuserapi.com/a.jpg",
      "https://u:p@avatars.steamstatic.com/a.jpg",
      "https://avatars.steamstatic.com:444/a.jpg",
      "ftp://avatars.steamstatic.com/a.jpg",
      "/img/avatar/1",
      "default",
      "",
      null,
    ]) {
      expect(avatarSourceUrl(stored, HOSTS, "")).toBeNull();
    }
    expect(avatarSourceUrl(STEAM, "", "")).toBeNull();
    expect(avatarSourceUrl(STEAM, undefined, "")).toBeNull();
  });
});

describe("letterAvatarSvg", () => {
  it("draws one escaped letter on the colour, nothing active", () => {
    const svg = letterAvatarSvg("<", "#e4572e");
    expect(svg).toContain('fill="#e4572e"');
    expect(svg).toContain(">&lt;</text>");
    expect(letterAvatarSvg("A", 'red" onload="x')).not.toContain("onload");
  });
});
