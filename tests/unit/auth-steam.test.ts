import { describe, expect, it } from "vitest";
import {
  checkSteamAssertion,
  parseKeyValueForm,
  parseSteamProfileXml,
  steamLoginUrl,
  steamProfileUrl,
  steamReturnTo,
  verifyWithSteam,
} from "../../worker/auth/steam";
import { cleanAvatarUrl, cleanDisplayName, defaultSteamName } from "../../worker/auth/users";

const OP = "https://steamcommunity.com/openid/login";
const APP = "https://skinrush.example";
const NOW = Date.parse("2026-11-22T05:00:00Z");

function assertion(overrides: Record<string, string | null> = {}): URLSearchParams {
  const claimed = "https://steamcommunity.com/openid/id/76561198000000001";
  const base: Record<string, string> = {
    state: "abc",
    "openid.ns": "http://specs.openid.net/auth/2.0",
    "openid.mode": "id_res",
    "openid.op_endpoint": OP,
    "openid.claimed_id": claimed,
    "openid.identity": claimed,
    "openid.return_to": steamReturnTo(APP, "abc"),
    "openid.response_nonce": "2026-11-22T04:59:30Zdeadbeef",
    "openid.assoc_handle": "1234567890",
    "openid.signed": "signed,op_endpoint,claimed_id,identity,return_to,response_nonce,assoc_handle",
    "openid.sig": "c2lnbmF0dXJl",
  };
  const q = new URLSearchParams(base);
  for (const [k, v] of Object.entries(overrides)) {
    if (v === null) q.delete(k);
    else q.set(k, v);
  }
  return q;
}

const check = (q: URLSearchParams) => checkSteamAssertion(q, { openidUrl: OP, appOrigin: APP, now: NOW });

describe("steamLoginUrl", () => {
  it("builds the checkid_setup request of OpenID 2.0", () => {
    const url = new URL(steamLoginUrl(OP, APP, "s1"));
    expect(url.origin + url.pathname).toBe(OP);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      "openid.ns": "http://specs.openid.net/auth/2.0",
      "openid.mode": "checkid_setup",
      "openid.return_to": "https://skinrush.example/socialite/steam/callback?state=s1",
      "openid.realm": APP,
      "openid.identity": "http://specs.openid.net/auth/2.0/identifier_select",
      "openid.claimed_id": "http://specs.openid.net/auth/2.0/identifier_select",
    });
  });
});

describe("checkSteamAssertion", () => {
  it("accepts a well-formed positive assertion and extracts the SteamID64", () => {
    expect(check(assertion())).toEqual({ ok: true, steamId: "76561198000000001", state: "abc" });
  });

  it.each([
    ["a cancel", { "openid.mode": "cancel" }],
    ["another namespace", { "openid.ns": "http://openid.net/signon/1.1" }],
    ["no state", { state: null }],
    ["a foreign return_to", { "openid.return_to": "https://evil.example/socialite/steam/callback?state=abc" }],
    ["a return_to for another state", { state: "other" }],
    ["another OP", { "openid.op_endpoint": "https://evil.example/openid/login" }],
    [
      "a non-Steam claimed_id",
      { "openid.claimed_id": "https://evil.example/openid/id/76561198000000001", "openid.identity": "https://evil.example/openid/id/76561198000000001" },
    ],
    ["a short SteamID", { "openid.claimed_id": "https://steamcommunity.com/openid/id/7656", "openid.identity": "https://steamcommunity.com/openid/id/7656" }],
    ["identity ≠ claimed_id", { "openid.identity": "https://steamcommunity.com/openid/id/76561198000000002" }],
    ["claimed_id not signed", { "openid.signed": "signed,op_endpoint,identity,return_to,response_nonce,assoc_handle" }],
    ["no signature", { "openid.sig": null }],
    ["a stale nonce", { "openid.response_nonce": "2026-11-22T04:00:00Zx" }],
    ["a nonce from the future", { "openid.response_nonce": "2026-11-22T06:00:00Zx" }],
    ["a malformed nonce", { "openid.response_nonce": "yesterday" }],
  ])("refuses %s", (_name, overrides) => {
    expect(check(assertion(overrides)).ok).toBe(false);
  });

  it("refuses a repeated parameter (which copy would the OP have signed?)", () => {
    const q = assertion();
    q.append("openid.claimed_id", "https://steamcommunity.com/openid/id/76561198000000002");
    expect(check(q)).toEqual({ ok: false, reason: "duplicate parameter" });
  });
});

describe("verifyWithSteam", () => {
  it("posts every openid.* field with mode check_authentication and trusts only is_valid:true", async () => {
    let sent: { url: string; init: RequestInit } | undefined;
    const fake = (answer: string) =>
      (async (url: string, init: RequestInit) => {
        sent = { url, init };
        return new Response(answer, { status: 200 });
      }) as unknown as typeof fetch;
    expect(await verifyWithSteam(OP, assertion(), fake("ns:http://specs.openid.net/auth/2.0\nis_valid:true\n"))).toBe(true);
    expect(sent!.url).toBe(OP);
    expect(sent!.init.method).toBe("POST");
    expect((sent!.init.headers as Record<string, string>)["Content-Type"]).toBe("application/x-www-form-urlencoded");
    const body = new URLSearchParams(sent!.init.body as string);
    expect(body.get("openid.mode")).toBe("check_authentication");
    expect(body.get("openid.sig")).toBe("c2lnbmF0dXJl");
    expect(body.get("openid.claimed_id")).toBe("https://steamcommunity.com/openid/id/76561198000000001");
    expect(body.has("state")).toBe(false);

    expect(await verifyWithSteam(OP, assertion(), fake("ns:http://specs.openid.net/auth/2.0\nis_valid:false\n"))).toBe(false);
    expect(await verifyWithSteam(OP, assertion(), fake("is_valid:true-ish\n"))).toBe(false);
    const broken = (async () => {
      throw new Error("network down");
    }) as unknown as typeof fetch;
    expect(await verifyWithSteam(OP, assertion(), broken)).toBe(false);
  });
});

describe("key-value form and the public profile", () => {
  it("parses key-value form", () => {
    const kv = parseKeyValueForm("ns:http://specs.openid.net/auth/2.0\r\nis_valid:true\n");
    expect(kv.get("ns")).toBe("http://specs.openid.net/auth/2.0");
    expect(kv.get("is_valid")).toBe("true");
  });

  it("derives the profile URL from the OP URL", () => {
    expect(steamProfileUrl(OP, "76561198000000001")).toBe("https://steamcommunity.com/profiles/76561198000000001/?xml=1");
    expect(steamProfileUrl("http://127.0.0.1:9/steam/openid/login", "76561198000000001")).toBe("http://127.0.0.1:9/steam/profiles/76561198000000001/?xml=1");
    expect(steamProfileUrl("https://op.example/other", "1")).toBeUndefined();
  });

  it("reads persona and avatar from the profile XML", () => {
    const xml = "<profile><steamID><![CDATA[ Gabe <3 ]]></steamID><avatarFull><![CDATA[https://a.example/x.jpg]]></avatarFull></profile>";
    expect(parseSteamProfileXml(xml)).toEqual({ name: "Gabe <3", avatar: "https://a.example/x.jpg" });
    expect(parseSteamProfileXml("<profile><steamID>A &amp; B</steamID></profile>")).toEqual({ name: "A & B", avatar: undefined });
    expect(parseSteamProfileXml("<response><error>The specified profile could not be found.</error></response>")).toEqual({});
  });
});

describe("user fields from a provider", () => {
  it("cleans display names and avatars", () => {
    expect(cleanDisplayName("  a\u0000b\n c\u202e ")).toBe("a b c");
    expect(cleanDisplayName("x".repeat(40))).toHaveLength(32);
    expect(cleanDisplayName("   ")).toBeUndefined();
    expect(cleanAvatarUrl("javascript:alert(1)")).toBeUndefined();
    expect(cleanAvatarUrl("https://a.example/x.jpg")).toBe("https://a.example/x.jpg");
    expect(defaultSteamName("76561198000000042")).toBe("steam_000042");
  });
});
