import { describe, expect, it } from "vitest";
import { codeChallenge, newCodeVerifier, vkAuthorizeUrl, vkDisplayName, vkSignIn, type VkExchange } from "../../worker/auth/vk";

describe("PKCE", () => {
  it("computes the S256 challenge of RFC 7636 appendix B", async () => {
    expect(await codeChallenge("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")).toBe("E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM");
  });

  it("makes fresh 43-character verifiers", () => {
    const a = newCodeVerifier();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newCodeVerifier()).not.toBe(a);
  });
});

describe("vkAuthorizeUrl", () => {
  it("asks for a code with PKCE S256, state and the personal_info scope", () => {
    const url = new URL(
      vkAuthorizeUrl({ vkIdUrl: "https://id.vk.com/", clientId: "51234567", appOrigin: "https://skinrush.example", state: "st", challenge: "ch" }),
    );
    expect(url.origin + url.pathname).toBe("https://id.vk.com/authorize");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: "code",
      client_id: "51234567",
      redirect_uri: "https://skinrush.example/socialite/vk/callback",
      state: "st",
      code_challenge: "ch",
      code_challenge_method: "S256",
      scope: "vkid.personal_info",
    });
  });
});

describe("vkSignIn", () => {
  const exchange: VkExchange = {
    vkIdUrl: "https://id.vk.com",
    clientId: "51234567",
    appOrigin: "https://skinrush.example",
    code: "c0de",
    state: "st",
    deviceId: "dev",
    codeVerifier: "v".repeat(43),
  };

  function provider(answers: { token: unknown; info: unknown; tokenStatus?: number }) {
    const calls: { url: string; form: URLSearchParams }[] = [];
    const fetcher = (async (url: string, init: RequestInit) => {
      calls.push({ url, form: new URLSearchParams(init.body as string) });
      const isToken = url.endsWith("/oauth2/auth");
      return Response.json(isToken ? answers.token : answers.info, { status: isToken ? (answers.tokenStatus ?? 200) : 200 });
    }) as unknown as typeof fetch;
    return { calls, fetcher };
  }

  it("exchanges the code with the verifier, then reads user_info with the access token", async () => {
    const p = provider({
      token: { access_token: "at", user_id: 42, state: "st", token_type: "Bearer" },
      info: { user: { user_id: "42", first_name: "Anna", last_name: "K", avatar: "https://a/x.jpg" } },
    });
    const user = await vkSignIn(exchange, p.fetcher);
    expect(user).toEqual({ user_id: "42", first_name: "Anna", last_name: "K", avatar: "https://a/x.jpg" });
    expect(vkDisplayName(user)).toBe("Anna K");
    expect(p.calls[0]!.url).toBe("https://id.vk.com/oauth2/auth");
    expect(Object.fromEntries(p.calls[0]!.form)).toEqual({
      grant_type: "authorization_code",
      code: "c0de",
      code_verifier: "v".repeat(43),
      client_id: "51234567",
      device_id: "dev",
      redirect_uri: "https://skinrush.example/socialite/vk/callback",
      state: "st",
    });
    expect(p.calls[1]!.url).toBe("https://id.vk.com/oauth2/user_info");
    expect(Object.fromEntries(p.calls[1]!.form)).toEqual({ client_id: "51234567", access_token: "at" });
  });

  it("refuses a provider error, a foreign state, a malformed answer and a user_info about someone else", async () => {
    const info = { user: { user_id: "42" } };
    await expect(vkSignIn(exchange, provider({ token: { error: "invalid_grant" }, info, tokenStatus: 400 }).fetcher)).rejects.toThrow(/400/);
    await expect(vkSignIn(exchange, provider({ token: { access_token: "at", user_id: 42, state: "other" }, info }).fetcher)).rejects.toThrow(/state/);
    await expect(vkSignIn(exchange, provider({ token: { user_id: 42 }, info }).fetcher)).rejects.toThrow();
    await expect(vkSignIn(exchange, provider({ token: { access_token: "at", user_id: 7 }, info }).fetcher)).rejects.toThrow(/another user/);
  });
});
