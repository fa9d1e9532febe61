import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import app from "../../worker/index";
import { APP_ORIGIN, callback, count, me, newNonce, providerReturn, providerUrl, signInUrl, tokenOf } from "./auth-flow";

const usersWithVk = (id: string) => count("SELECT count(*) AS n FROM users WHERE vk_id = ?1", id);

describe("GET /socialite/vk", () => {
  it("redirects to VK ID authorize with PKCE S256, state and the personal_info scope", async () => {
    const url = await providerUrl("vk");
    expect(`${url.origin}${url.pathname}`).toBe(`${env.VK_ID_URL}/authorize`);
    const q = url.searchParams;
    expect(q.get("response_type")).toBe("code");
    expect(q.get("client_id")).toBe(env.VK_CLIENT_ID);
    expect(q.get("redirect_uri")).toBe(`${APP_ORIGIN}/socialite/vk/callback`);
    expect(q.get("code_challenge_method")).toBe("S256");
    expect(q.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get("scope")).toBe("vkid.personal_info");
    const row = await env.DB.prepare("SELECT code_verifier FROM auth_states WHERE state = ?1 AND provider = 'vk'")
      .bind(q.get("state"))
      .first<{ code_verifier: string }>();
    expect(row?.code_verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the challenge travels; the verifier stays with us.
    expect(url.href).not.toContain(row!.code_verifier);
  });

  it("puts the opener's nonce into the OAuth state", async () => {
    const nonce = newNonce();
    const state = (await providerUrl("vk", {}, nonce)).searchParams.get("state")!;
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}\.[0-9a-f]{64}$/);
    expect(state.endsWith(`.${nonce}`)).toBe(true);
  });

  it("refuses to start without a well-formed nonce: 400 with a catalogue key, no state stored", async () => {
    const before = await count("SELECT count(*) AS n FROM auth_states");
    for (const q of ["", "?nonce=", `?nonce=${"z".repeat(31)}`, `?nonce=${"z".repeat(40)}%22%3E`]) {
      const res = await app.fetch(new Request(`http://x/socialite/vk${q}`), env);
      expect(res.status, q).toBe(400);
      expect(await res.text(), q).toContain('"user_api.invalid_sign_in_nonce"');
    }
    expect(await count("SELECT count(*) AS n FROM auth_states")).toBe(before);
  });

  it("answers the error page when VK_CLIENT_ID is not configured", async () => {
    const res = await app.fetch(new Request("http://x/socialite/vk"), { ...env, VK_CLIENT_ID: "" });
    expect(res.status).toBe(503);
    expect(await res.text()).toContain('"app_error.login"');
  });
});

describe("GET /socialite/vk/callback", () => {
  it("signs a player in: code + verifier → tokens → user_info → user → session", async () => {
    const nonce = newNonce();
    const back = await signInUrl("vk", { fake_user_id: "555001", fake_first_name: "Pavel", fake_last_name: "Durov" }, nonce);
    expect(back.searchParams.get("code")).toBeTruthy();
    expect(back.searchParams.get("device_id")).toBeTruthy();
    const page = await callback(back);
    expect(page.status).toBe(200);
    expect(page.origin).toBe(APP_ORIGIN);
    // The answer is bound to the attempt that started it, by message and in the fallback hash.
    expect(page.message.nonce).toBe(nonce);
    expect(new URLSearchParams(page.fallback.replace(/^\/auth\/callback#/, "")).get("nonce")).toBe(nonce);
    const res = await me(tokenOf(page));
    expect(res.status).toBe(200);
    expect((await res.json<{ user: { username: string } }>()).user.username).toBe("Pavel Durov");
    expect(await usersWithVk("555001")).toBe(1);

    // The same VK account signs in again: same user.
    const again = await callback(await signInUrl("vk", { fake_user_id: "555001", fake_first_name: "Pavel", fake_last_name: "D." }));
    expect(again.status).toBe(200);
    expect(await usersWithVk("555001")).toBe(1);
  });

  it("refuses a state it never issued (the code is not even exchanged)", async () => {
    const back = await signInUrl("vk", { fake_user_id: "555002" });
    const realState = back.searchParams.get("state")!;
    back.searchParams.set("state", `forged-${crypto.randomUUID()}`);
    const page = await callback(back);
    expect(page.status).toBe(400);
    expect(page.message).toEqual({ source: "skinrush-auth", error: "app_error.login" });
    expect(await usersWithVk("555002")).toBe(0);
    // The genuine state is untouched by the forged attempt... and still works once.
    back.searchParams.set("state", realState);
    expect((await callback(back)).status).toBe(200);
    expect((await callback(back)).status).toBe(400);
  });

  it("refuses a callback whose state has its nonce swapped (no such state was issued)", async () => {
    const back = await signInUrl("vk", { fake_user_id: "555005" });
    const state = back.searchParams.get("state")!;
    back.searchParams.set("state", `${state.slice(0, 43)}.${newNonce()}`);
    const page = await callback(back);
    expect(page.status).toBe(400);
    expect(page.message).toEqual({ source: "skinrush-auth", error: "app_error.login" });
    expect(await usersWithVk("555005")).toBe(0);
  });

  it("is refused by the provider when the PKCE verifier does not match the challenge", async () => {
    const back = await signInUrl("vk", { fake_user_id: "555003" });
    // Another verifier behind our state, as if the code had been issued for someone else's challenge.
    await env.DB.prepare("UPDATE auth_states SET code_verifier = ?2 WHERE state = ?1").bind(back.searchParams.get("state"), "x".repeat(43)).run();
    const page = await callback(back);
    expect(page.status).toBe(401);
    expect(page.message.error).toBe("app_error.login");
    expect(await usersWithVk("555003")).toBe(0);
  });

  it("refuses a code injected into another sign-in's state", async () => {
    const stolen = await signInUrl("vk", { fake_user_id: "555004" });
    const mine = await providerUrl("vk");
    const injected = new URL(stolen);
    injected.searchParams.set("state", mine.searchParams.get("state")!);
    const page = await callback(injected);
    expect(page.status).toBe(401);
    expect(await usersWithVk("555004")).toBe(0);
  });

  it("answers the error page when the player denies access", async () => {
    const back = await providerReturn(await providerUrl("vk", { fake_deny: "1" }));
    expect(back.searchParams.get("error")).toBe("access_denied");
    const page = await callback(back);
    expect(page.status).toBe(400);
    expect(page.message.error).toBe("app_error.login");
  });

  it("answers a malformed callback with the error page, never a 500", async () => {
    for (const q of ["", "?code=abc", "?state=abc", "?code=a&state=b", `?code=a&state=b&device_id=${"d".repeat(600)}`]) {
      const page = await callback(`http://x/socialite/vk/callback${q}`);
      expect(page.status, q).toBe(400);
      expect(page.message.error).toBe("app_error.login");
    }
  });
});
