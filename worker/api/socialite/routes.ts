// /socialite/{steam,vk}: the sign-in popup's round trip to the provider (§4 Login, §7).
// GET /<provider> redirects to the provider; GET /<provider>/callback verifies what came back and
// answers the popup page (worker/auth/popup-page.ts). Every refusal answers that page with
// app_error.login and writes nothing but the consumed state.
// Each sign-in is bound to the attempt that started it: GET /<provider>?nonce=<the opener's
// nonce> puts the nonce into the state, and the answer carries it back (login CSRF).
import { Hono, type Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { socialiteStartQuery, type AuthMessage, type SocialiteProvider } from "../../../shared/api/auth";
import { errorMessage, exactOrigin, renderPopupPage } from "../../auth/popup-page";
import { finishProviderSignIn } from "../../auth/sign-in";
import { consumeState, newState, nonceOfState, saveState } from "../../auth/states";
import { checkSteamAssertion, fetchSteamProfile, steamLoginUrl, verifyWithSteam } from "../../auth/steam";
import { codeChallenge, newCodeVerifier, vkAuthorizeUrl, vkCallbackQuery, vkDisplayName, vkSignIn, type VkUser } from "../../auth/vk";
import { db } from "../../db/client";
import type { AppEnv } from "../../env";
import { bindSignInReferral, rememberSignInReferral } from "../../referrals/binding";

type Ctx = Context<AppEnv>;

function popup(c: Ctx, message: AuthMessage, status: ContentfulStatusCode = 200) {
  const page = renderPopupPage(c.env.APP_ORIGIN, message);
  return c.body(page.html, status, page.headers);
}

function refuse(c: Ctx, provider: SocialiteProvider, reason: string, status: ContentfulStatusCode = 400) {
  console.warn(`[socialite] ${provider} sign-in refused: ${reason}`);
  return popup(c, errorMessage(), status);
}

/**
 * The start's query: the opener's nonce (?nonce=) and the agreement version the player ticked
 * (?terms=, only the current TERMS.version signs in, §5); a refusal's key otherwise.
 */
function startOf(c: Ctx): { nonce: string } | { refused: "user_api.invalid_sign_in_nonce" | "user_api.terms_not_accepted" } {
  const parsed = socialiteStartQuery.safeParse({ nonce: c.req.query("nonce"), terms: c.req.query("terms") });
  if (parsed.success) return { nonce: parsed.data.nonce };
  return { refused: parsed.error.issues.some((i) => i.path[0] === "nonce") ? "user_api.invalid_sign_in_nonce" : "user_api.terms_not_accepted" };
}

function refuseStart(c: Ctx, provider: SocialiteProvider, key: "user_api.invalid_sign_in_nonce" | "user_api.terms_not_accepted") {
  console.warn(`[socialite] ${provider} sign-in refused: ${key}`);
  return popup(c, errorMessage(key), 400);
}

function isHttpUrl(value: string): boolean {
  try {
    return /^https?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
}

export const socialiteRoutes = new Hono<AppEnv>()
  .get("/steam", async (c) => {
    if (!isHttpUrl(c.env.STEAM_OPENID_URL)) return refuse(c, "steam", "STEAM_OPENID_URL is not configured", 503);
    const start = startOf(c);
    if ("refused" in start) return refuseStart(c, "steam", start.refused);
    const { nonce } = start;
    const state = newState(nonce);
    await saveState(db(c.env), "steam", state);
    await rememberSignInReferral(c.env, state, c.req.query("ref"));
    return c.redirect(steamLoginUrl(c.env.STEAM_OPENID_URL, exactOrigin(c.env.APP_ORIGIN), state), 302);
  })
  .get("/steam/callback", async (c) => {
    const d = db(c.env);
    const query = new URL(c.req.url).searchParams;
    const openidUrl = c.env.STEAM_OPENID_URL;
    const check = checkSteamAssertion(query, { openidUrl, appOrigin: exactOrigin(c.env.APP_ORIGIN) });
    // The state is spent by any return, good or bad: one state, one attempt.
    const state = await consumeState(d, "steam", query.get("state") ?? "");
    if (!check.ok) return refuse(c, "steam", check.reason);
    const nonce = state && nonceOfState(state.state);
    if (!nonce) return refuse(c, "steam", "unknown, expired or used state");
    if (!(await verifyWithSteam(openidUrl, query))) return refuse(c, "steam", "check_authentication did not confirm the assertion", 401);
    const profile = await fetchSteamProfile(openidUrl, check.steamId);
    const result = await finishProviderSignIn(d, c.env, { provider: "steam", id: check.steamId, ...profile }, nonce);
    if (state && result.userId) await bindSignInReferral(c.env, state.state, state.createdAt, result.userId);
    return popup(c, result.message, result.status);
  })
  .get("/vk", async (c) => {
    if (!c.env.VK_CLIENT_ID || !isHttpUrl(c.env.VK_ID_URL)) return refuse(c, "vk", "VK_CLIENT_ID / VK_ID_URL is not configured", 503);
    const start = startOf(c);
    if ("refused" in start) return refuseStart(c, "vk", start.refused);
    const { nonce } = start;
    const state = newState(nonce);
    const verifier = newCodeVerifier();
    await saveState(db(c.env), "vk", state, verifier);
    await rememberSignInReferral(c.env, state, c.req.query("ref"));
    const url = vkAuthorizeUrl({
      vkIdUrl: c.env.VK_ID_URL,
      clientId: c.env.VK_CLIENT_ID,
      appOrigin: exactOrigin(c.env.APP_ORIGIN),
      state,
      challenge: await codeChallenge(verifier),
    });
    return c.redirect(url, 302);
  })
  .get("/vk/callback", async (c) => {
    const d = db(c.env);
    const state = await consumeState(d, "vk", c.req.query("state") ?? "");
    const error = c.req.query("error");
    if (error) return refuse(c, "vk", `provider said ${error.slice(0, 100)}`);
    const parsed = vkCallbackQuery.safeParse(c.req.query());
    if (!parsed.success) return refuse(c, "vk", "malformed callback");
    const nonce = state && nonceOfState(state.state);
    if (!state?.codeVerifier || !nonce) return refuse(c, "vk", "unknown, expired or used state");
    let user: VkUser;
    try {
      user = await vkSignIn({
        vkIdUrl: c.env.VK_ID_URL,
        clientId: c.env.VK_CLIENT_ID,
        appOrigin: exactOrigin(c.env.APP_ORIGIN),
        code: parsed.data.code,
        state: parsed.data.state,
        deviceId: parsed.data.device_id,
        codeVerifier: state.codeVerifier,
      });
    } catch (err) {
      return refuse(c, "vk", err instanceof Error ? err.message : "exchange failed", 401);
    }
    const result = await finishProviderSignIn(d, c.env, { provider: "vk", id: user.user_id, name: vkDisplayName(user), avatar: user.avatar }, nonce);
    if (result.userId) await bindSignInReferral(c.env, state.state, state.createdAt, result.userId);
    return popup(c, result.message, result.status);
  });
