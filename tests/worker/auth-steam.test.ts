import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { APP_ORIGIN, callback, count, me, newNonce, providerReturn, providerUrl, signInUrl, tokenOf } from "./auth-flow";
import { TERMS } from "../../shared/constants";

const usersWithSteam = (id: string) => count("SELECT count(*) AS n FROM users WHERE steam_id = ?1", id);
const sessionsOfSteam = (id: string) => count("SELECT count(*) AS n FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.steam_id = ?1", id);

describe("GET /socialite/steam", () => {
  it("redirects to the configured OP with a checkid_setup request and stores a state", async () => {
    const nonce = newNonce();
    const url = await providerUrl("steam", {}, nonce);
    expect(`${url.origin}${url.pathname}`).toBe(env.STEAM_OPENID_URL);
    const q = url.searchParams;
    expect(q.get("openid.ns")).toBe("http://specs.openid.net/auth/2.0");
    expect(q.get("openid.mode")).toBe("checkid_setup");
    expect(q.get("openid.realm")).toBe(APP_ORIGIN);
    expect(q.get("openid.identity")).toBe("http://specs.openid.net/auth/2.0/identifier_select");
    expect(q.get("openid.claimed_id")).toBe("http://specs.openid.net/auth/2.0/identifier_select");
    const returnTo = new URL(q.get("openid.return_to")!);
    expect(`${returnTo.origin}${returnTo.pathname}`).toBe(`${APP_ORIGIN}/socialite/steam/callback`);
    const state = returnTo.searchParams.get("state")!;
    // The random part, then the opener's nonce: the state binds the attempt.
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}\.[0-9a-f]{64}$/);
    expect(state.endsWith(`.${nonce}`)).toBe(true);
    expect(await count("SELECT count(*) AS n FROM auth_states WHERE state = ?1 AND provider = 'steam'", state)).toBe(1);
  });

  it("refuses to start without a well-formed nonce: 400 with a catalogue key, no state stored", async () => {
    const before = await count("SELECT count(*) AS n FROM auth_states");
    const bad = ["", "?nonce=", "?nonce=short", `?nonce=${"a".repeat(65)}`, `?nonce=${"a".repeat(40)}%3Cscript%3E`, `?nonce=${"a".repeat(40)}.b`];
    for (const q of bad) {
      const res = await exports.default.fetch(`http://x/socialite/steam${q}`, { redirect: "manual" });
      expect(res.status, q).toBe(400);
      expect(await res.text(), q).toContain('"user_api.invalid_sign_in_nonce"');
    }
    expect(await count("SELECT count(*) AS n FROM auth_states")).toBe(before);
  });

  it("refuses to start unless the player ticked the current agreement version (§5)", async () => {
    const before = await count("SELECT count(*) AS n FROM auth_states");
    const nonce = "c".repeat(64);
    for (const q of [`?nonce=${nonce}`, `?nonce=${nonce}&terms=`, `?nonce=${nonce}&terms=2020-01-01`, `?nonce=${nonce}&terms=${TERMS.version}x`]) {
      const res = await exports.default.fetch(`http://x/socialite/steam${q}`, { redirect: "manual" });
      expect(res.status, q).toBe(400);
      expect(await res.text(), q).toContain('"user_api.terms_not_accepted"');
    }
    expect(await count("SELECT count(*) AS n FROM auth_states")).toBe(before);
  });
});

describe("GET /socialite/steam/callback", () => {
  it("signs a player in end to end: verified assertion → user → session → popup page", async () => {
    const steamId = "76561198000000042";
    const back = await signInUrl("steam", { fake_steamid: steamId, fake_persona: "Gabe N", fake_avatar: "https://avatars.example/gabe.jpg" });
    const page = await callback(back);
    expect(page.status).toBe(200);
    expect(page.origin).toBe(APP_ORIGIN);
    expect(page.message.source).toBe("skinrush-auth");
    const token = tokenOf(page);
    expect(page.html).toContain("opener.postMessage(message, origin)");
    expect(page.html).not.toContain('"*"');
    expect(page.headers.get("Cache-Control")).toBe("no-store");

    const res = await me(token);
    expect(res.status).toBe(200);
    const { user } = await res.json<{ user: { username: string; avatar: string } }>();
    expect(user).toMatchObject({ username: "Gabe N", avatar: "https://avatars.example/gabe.jpg" });
    expect(await usersWithSteam(steamId)).toBe(1);
    // The agreement version the start accepted is recorded with the time.
    const terms = await env.DB.prepare("SELECT terms_version, terms_accepted_at FROM users WHERE steam_id = ?1")
      .bind(steamId)
      .first<{ terms_version: string; terms_accepted_at: number }>();
    expect(terms?.terms_version).toBe(TERMS.version);
    expect(terms?.terms_accepted_at).toBeGreaterThan(Date.now() - 60_000);
    // The state was spent.
    const state = back.searchParams.get("state")!;
    expect(await count("SELECT count(*) AS n FROM auth_states WHERE state = ?1", state)).toBe(0);
  });

  it("gives the token back bound to the attempt's nonce, by message and in the fallback hash", async () => {
    const nonce = newNonce();
    const back = await signInUrl("steam", { fake_steamid: "76561198000000043" }, nonce);
    const page = await callback(back);
    expect(page.status).toBe(200);
    expect(page.message.nonce).toBe(nonce);
    const hash = new URLSearchParams(page.fallback.replace(/^\/auth\/callback#/, ""));
    expect(hash.get("nonce")).toBe(nonce);
    expect(hash.get("token")).toBe(page.message.token);
  });

  it("refuses a return whose state carries another nonce (the signed return_to no longer matches)", async () => {
    const back = await signInUrl("steam", { fake_steamid: "76561198000000044" });
    const state = back.searchParams.get("state")!;
    back.searchParams.set("state", `${state.slice(0, 43)}.${newNonce()}`);
    const page = await callback(back);
    expect(page.status).toBe(400);
    expect(page.message).toEqual({ source: "skinrush-auth", error: "app_error.login" });
    expect(await usersWithSteam("76561198000000044")).toBe(0);
  });

  it("names a player without a public profile steam_<last digits> and reuses the account next time", async () => {
    const steamId = "76561198000000077";
    const first = await callback(await signInUrl("steam", { fake_steamid: steamId }));
    const firstRes = await me(tokenOf(first));
    const a = (await firstRes.json<{ user: { id: number; username: string } }>()).user;
    expect(a.username).toBe("steam_000077");

    const second = await callback(await signInUrl("steam", { fake_steamid: steamId, fake_persona: "Renamed" }));
    const b = (await (await me(tokenOf(second))).json<{ user: { id: number; username: string } }>()).user;
    expect(b.id).toBe(a.id);
    expect(b.username).toBe("Renamed");
    expect(await usersWithSteam(steamId)).toBe(1);
  });

  it("rejects a forged claimed_id (the OP's signature no longer matches); nothing is created", async () => {
    const back = await signInUrl("steam", { fake_steamid: "76561198000000101" });
    const victim = "https://steamcommunity.com/openid/id/76561198000000999";
    back.searchParams.set("openid.claimed_id", victim);
    back.searchParams.set("openid.identity", victim);
    const page = await callback(back);
    expect(page.status).toBe(401);
    expect(page.message).toEqual({ source: "skinrush-auth", error: "app_error.login" });
    expect(await usersWithSteam("76561198000000999")).toBe(0);
    expect(await usersWithSteam("76561198000000101")).toBe(0);
  });

  it("rejects a tampered signature", async () => {
    const back = await signInUrl("steam", { fake_steamid: "76561198000000102" });
    const sig = back.searchParams.get("openid.sig")!;
    back.searchParams.set("openid.sig", `${sig[0] === "A" ? "B" : "A"}${sig.slice(1)}`);
    const page = await callback(back);
    expect(page.status).toBe(401);
    expect(page.message.error).toBe("app_error.login");
    expect(await usersWithSteam("76561198000000102")).toBe(0);
  });

  it("rejects an unsigned assertion (no sig, or claimed_id left out of openid.signed)", async () => {
    const noSig = await signInUrl("steam", { fake_steamid: "76561198000000103" });
    noSig.searchParams.delete("openid.sig");
    expect((await callback(noSig)).status).toBe(400);

    const partial = await signInUrl("steam", { fake_steamid: "76561198000000103" });
    partial.searchParams.set("openid.signed", "signed,op_endpoint,return_to,response_nonce,assoc_handle");
    const page = await callback(partial);
    expect(page.status).toBe(400);
    expect(page.message.error).toBe("app_error.login");
    expect(await usersWithSteam("76561198000000103")).toBe(0);
  });

  it("accepts a state once: the same return replayed is refused and makes no second session", async () => {
    const steamId = "76561198000000104";
    const back = await signInUrl("steam", { fake_steamid: steamId });
    expect((await callback(back)).status).toBe(200);
    const replay = await callback(back);
    expect(replay.status).toBe(400);
    expect(replay.message.error).toBe("app_error.login");
    expect(await sessionsOfSteam(steamId)).toBe(1);
  });

  it("rejects a state we never issued even when the assertion names it in return_to", async () => {
    // A genuine OP assertion for a return_to carrying a made-up state (as if started elsewhere).
    const start = await providerUrl("steam", { fake_steamid: "76561198000000105" });
    const forged = new URL(start);
    forged.searchParams.set("openid.return_to", `${APP_ORIGIN}/socialite/steam/callback?state=not-ours-${crypto.randomUUID()}`);
    const page = await callback(await providerReturn(forged));
    expect(page.status).toBe(400);
    expect(await usersWithSteam("76561198000000105")).toBe(0);
  });

  it("rejects an assertion whose op_endpoint is not the configured OP, even with a genuine signature", async () => {
    const back = await signInUrl("steam", { fake_steamid: "76561198000000106", fake_op_endpoint: "https://evil.example/openid/login" });
    expect(back.searchParams.get("openid.op_endpoint")).toBe("https://evil.example/openid/login");
    const page = await callback(back);
    expect(page.status).toBe(400);
    expect(page.message.error).toBe("app_error.login");
    expect(await usersWithSteam("76561198000000106")).toBe(0);
  });

  it("rejects a return_to that is not ours", async () => {
    const back = await signInUrl("steam", { fake_steamid: "76561198000000107" });
    back.searchParams.set("state", "something-else");
    const page = await callback(back);
    expect(page.status).toBe(400);
    expect(await usersWithSteam("76561198000000107")).toBe(0);
  });

  it("answers a cancelled sign-in with the error page", async () => {
    const page = await callback(await signInUrl("steam", { fake_deny: "1" }));
    expect(page.status).toBe(400);
    expect(page.message).toEqual({ source: "skinrush-auth", error: "app_error.login" });
  });

  it("gives a banned player no session: the page posts user_api.banned", async () => {
    const steamId = "76561198000000108";
    await env.DB.prepare("INSERT INTO users (username, steam_id, banned) VALUES ('cheater', ?1, 1)").bind(steamId).run();
    const nonce = newNonce();
    const page = await callback(await signInUrl("steam", { fake_steamid: steamId }, nonce));
    expect(page.status).toBe(403);
    expect(page.message).toEqual({ source: "skinrush-auth", error: "user_api.banned", nonce });
    expect(await sessionsOfSteam(steamId)).toBe(0);
  });

  it("answers garbage on the callback with the error page, never a 500", async () => {
    for (const q of ["", "?state=", "?openid.mode=id_res", "?openid.mode=id_res&state=a&state=b", "?openid.ns=x&openid.mode=id_res&state=%00"]) {
      const res = await exports.default.fetch(`http://x/socialite/steam/callback${q}`);
      expect(res.status, q).toBe(400);
      expect(await res.text()).toContain('"app_error.login"');
    }
  });
});
