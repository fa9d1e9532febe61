// VK ID sign-in: OAuth 2.1 authorization code with PKCE (S256) and state, as a public client
// (no client secret). VK_ID_URL is the base: <base>/authorize, <base>/oauth2/auth (code →
// tokens), <base>/oauth2/user_info (tokens → profile). Production: https://id.vk.com.
import { z } from "zod";
import { AUTH } from "../../shared/constants";
import { base64Url } from "./tokens";

export const VK_CALLBACK_PATH = "/socialite/vk/callback";
export const VK_SCOPE = "vkid.personal_info";

export function vkRedirectUri(appOrigin: string): string {
  return `${appOrigin}${VK_CALLBACK_PATH}`;
}

function endpoint(vkIdUrl: string, path: string): string {
  return `${vkIdUrl.replace(/\/+$/, "")}${path}`;
}

/** RFC 7636: a 43-character verifier (32 random bytes, base64url). */
export function newCodeVerifier(): string {
  return base64Url(crypto.getRandomValues(new Uint8Array(32)));
}

/** RFC 7636 §4.2, S256: base64url(SHA-256(ASCII(verifier))). */
export async function codeChallenge(verifier: string): Promise<string> {
  return base64Url(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier)));
}

export function vkAuthorizeUrl(o: { vkIdUrl: string; clientId: string; appOrigin: string; state: string; challenge: string }): string {
  const url = new URL(endpoint(o.vkIdUrl, "/authorize"));
  url.searchParams.set("response_type", "code");
  url.searchParams.set("client_id", o.clientId);
  url.searchParams.set("redirect_uri", vkRedirectUri(o.appOrigin));
  url.searchParams.set("state", o.state);
  url.searchParams.set("code_challenge", o.challenge);
  url.searchParams.set("code_challenge_method", "S256");
  url.searchParams.set("scope", VK_SCOPE);
  return url.href;
}

/** What VK appends to redirect_uri: code, state, device_id (plus expires_in, type, ...). */
export const vkCallbackQuery = z.object({
  code: z.string().min(1).max(2048),
  state: z.string().min(1).max(256),
  device_id: z.string().min(1).max(512),
});

const vkId = z.union([z.number().int().positive(), z.string().regex(/^\d{1,20}$/)]).transform(String);

export const vkTokenAnswer = z.object({
  access_token: z.string().min(1),
  user_id: vkId,
  state: z.string().optional(),
});

export const vkUserInfoAnswer = z.object({
  user: z.object({
    user_id: vkId,
    first_name: z.string().optional(),
    last_name: z.string().optional(),
    avatar: z.string().optional(),
  }),
});

export type VkUser = z.infer<typeof vkUserInfoAnswer>["user"];

async function postForm(url: string, form: Record<string, string>, fetcher: typeof fetch): Promise<unknown> {
  const res = await fetcher(url, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
    body: new URLSearchParams(form).toString(),
    redirect: "manual",
    signal: AbortSignal.timeout(AUTH.providerTimeoutMs),
  });
  if (!res.ok) throw new Error(`VK ID ${new URL(url).pathname} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  return res.json();
}

export interface VkExchange {
  vkIdUrl: string;
  clientId: string;
  appOrigin: string;
  code: string;
  state: string;
  deviceId: string;
  codeVerifier: string;
}

/**
 * Code → access token → profile. Throws on any refusal or malformed answer; the token answer
 * must echo our state and user_info must be about the same user the token was issued for.
 */
export async function vkSignIn(x: VkExchange, fetcher: typeof fetch = fetch): Promise<VkUser> {
  const tokens = vkTokenAnswer.parse(
    await postForm(
      endpoint(x.vkIdUrl, "/oauth2/auth"),
      {
        grant_type: "authorization_code",
        code: x.code,
        code_verifier: x.codeVerifier,
        client_id: x.clientId,
        device_id: x.deviceId,
        redirect_uri: vkRedirectUri(x.appOrigin),
        state: x.state,
      },
      fetcher,
    ),
  );
  if (tokens.state !== undefined && tokens.state !== x.state) throw new Error("VK ID token answer carries another state");
  const info = vkUserInfoAnswer.parse(
    await postForm(endpoint(x.vkIdUrl, "/oauth2/user_info"), { client_id: x.clientId, access_token: tokens.access_token }, fetcher),
  );
  if (info.user.user_id !== tokens.user_id) throw new Error("VK ID user_info is about another user");
  return info.user;
}

export function vkDisplayName(user: VkUser): string | undefined {
  const name = [user.first_name, user.last_name].filter(Boolean).join(" ").trim();
  return name || undefined;
}
