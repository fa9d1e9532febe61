// The local providers speak the protocols our sign-in code expects (and refuse what they should).
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeProviders, type FakeProviders } from "../fakes/providers.mjs";
import { checkSteamAssertion, fetchSteamProfile, steamLoginUrl, verifyWithSteam } from "../../worker/auth/steam";
import { codeChallenge, vkAuthorizeUrl, vkSignIn } from "../../worker/auth/vk";

const APP = "http://127.0.0.1:8787";
let fakes: FakeProviders;
beforeAll(async () => {
  fakes = await startFakeProviders({ port: 0 });
});
afterAll(() => fakes.close());

async function location(url: string): Promise<URL> {
  const res = await fetch(url, { redirect: "manual" });
  expect(res.status).toBe(302);
  return new URL(res.headers.get("location")!);
}

describe("Steam OpenID fake", () => {
  it("returns a signed assertion that check_authentication confirms once", async () => {
    const op = `${fakes.baseUrl}/steam/openid/login`;
    const start = new URL(steamLoginUrl(op, APP, "s1"));
    start.searchParams.set("fake_steamid", "76561198000000555");
    start.searchParams.set("fake_persona", "Fake Persona");
    const back = await location(start.href);
    expect(back.searchParams.get("openid.signed")).toBe("signed,op_endpoint,claimed_id,identity,return_to,response_nonce,assoc_handle");
    expect(checkSteamAssertion(back.searchParams, { openidUrl: op, appOrigin: APP })).toEqual({ ok: true, steamId: "76561198000000555", state: "s1" });

    const tampered = new URLSearchParams(back.searchParams);
    tampered.set("openid.claimed_id", "https://steamcommunity.com/openid/id/76561198000000666");
    expect(await verifyWithSteam(op, tampered)).toBe(false);
    expect(await verifyWithSteam(op, back.searchParams)).toBe(true);
    expect(await verifyWithSteam(op, back.searchParams)).toBe(false); // nonce spent
    expect(await fetchSteamProfile(op, "76561198000000555")).toMatchObject({ name: "Fake Persona" });
    expect(await fetchSteamProfile(op, "76561198000000556")).toEqual({});
  });

  it("refuses a checkid_setup whose return_to is outside the realm", async () => {
    const start = new URL(steamLoginUrl(`${fakes.baseUrl}/steam/openid/login`, APP, "s1"));
    start.searchParams.set("openid.realm", "https://other.example");
    expect((await fetch(start, { redirect: "manual" })).status).toBe(400);
  });

  it("remembers a one-shot identity set through /steam/fake/next", async () => {
    await fetch(`${fakes.baseUrl}/steam/fake/next?steamid=76561198000000777`);
    const op = `${fakes.baseUrl}/steam/openid/login`;
    const first = await location(steamLoginUrl(op, APP, "a"));
    expect(first.searchParams.get("openid.claimed_id")).toBe("https://steamcommunity.com/openid/id/76561198000000777");
    const second = await location(steamLoginUrl(op, APP, "b"));
    expect(second.searchParams.get("openid.claimed_id")).toBe("https://steamcommunity.com/openid/id/76561198000000001");
  });
});

describe("VK ID fake", () => {
  const verifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";

  async function authorize(knobs: Record<string, string> = {}) {
    const url = new URL(
      vkAuthorizeUrl({ vkIdUrl: `${fakes.baseUrl}/vk`, clientId: "51234567", appOrigin: APP, state: "st", challenge: await codeChallenge(verifier) }),
    );
    for (const [k, v] of Object.entries(knobs)) url.searchParams.set(k, v);
    return location(url.href);
  }

  const exchangeOf = (back: URL, codeVerifier = verifier) => ({
    vkIdUrl: `${fakes.baseUrl}/vk`,
    clientId: "51234567",
    appOrigin: APP,
    code: back.searchParams.get("code")!,
    state: back.searchParams.get("state")!,
    deviceId: back.searchParams.get("device_id")!,
    codeVerifier,
  });

  it("completes code + PKCE → token → user_info, and a code works once", async () => {
    const back = await authorize({ fake_user_id: "777", fake_first_name: "Olga" });
    expect(back.origin + back.pathname).toBe(`${APP}/socialite/vk/callback`);
    expect(back.searchParams.get("state")).toBe("st");
    const user = await vkSignIn(exchangeOf(back));
    expect(user).toMatchObject({ user_id: "777", first_name: "Olga" });
    await expect(vkSignIn(exchangeOf(back))).rejects.toThrow(/invalid or expired/);
  });

  it("refuses a verifier that does not hash to the challenge", async () => {
    const back = await authorize();
    const wrong = createHash("sha256").update("x").digest("base64url").padEnd(43, "a");
    await expect(vkSignIn(exchangeOf(back, wrong))).rejects.toThrow(/code_verifier/);
  });

  it("refuses an authorize request without PKCE", async () => {
    const url = new URL(vkAuthorizeUrl({ vkIdUrl: `${fakes.baseUrl}/vk`, clientId: "1", appOrigin: APP, state: "st", challenge: "short" }));
    expect((await fetch(url, { redirect: "manual" })).status).toBe(400);
    url.searchParams.set("code_challenge", await codeChallenge(verifier));
    url.searchParams.set("code_challenge_method", "plain");
    expect((await fetch(url, { redirect: "manual" })).status).toBe(400);
  });
});
