// A local VK ID (OAuth 2.1, public client, PKCE S256), shaped like id.vk.com:
//   GET  /vk/authorize?response_type=code&client_id&redirect_uri&state&code_challenge
//        &code_challenge_method=S256&scope → approves at once: 302 redirect_uri?code&state
//        &device_id&expires_in&type=code_v2
//   POST /vk/oauth2/auth (form: grant_type=authorization_code, code, code_verifier, client_id,
//        device_id, redirect_uri, state) → { access_token, refresh_token, id_token, token_type,
//        expires_in, user_id, state, scope }; the code is spent by its first use, right or wrong.
//   POST /vk/oauth2/user_info (form: client_id, access_token) → { user: { user_id, first_name,
//        last_name, avatar, ... } }
// Errors: { error, error_description[, state] } with 400 (401 for a bad access token).
// Test knobs on the authorize URL (optional): fake_user_id (default 1000001), fake_first_name
// (default "Ivan"), fake_last_name (default "Testov"), fake_avatar, fake_deny=1 (access_denied).
// Cookie-less pick for a browser run: GET /vk/fake/next?user_id=..&first_name=..&last_name=..
// → the NEXT authorize uses that identity.
import { createHash, randomBytes } from "node:crypto";

export const DEFAULT_VK_USER = { user_id: "1000001", first_name: "Ivan", last_name: "Testov" };
const CODE_TTL_MS = 10 * 60_000;

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function json(res, status, body) {
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8" }).end(JSON.stringify(body));
}

const token = () => randomBytes(24).toString("base64url");

export function createVkIdFake() {
  /** code → { clientId, redirectUri, challenge, state, deviceId, user, expiresAt } */
  const codes = new Map();
  /** access token → { clientId, user } */
  const accessTokens = new Map();
  let next = null;

  function authorize(url, res) {
    const q = url.searchParams;
    const bad = (why) => json(res, 400, { error: "invalid_request", error_description: why });
    const redirectUri = q.get("redirect_uri") ?? "";
    let back;
    try {
      back = new URL(redirectUri);
    } catch {
      return bad("redirect_uri is not a URL");
    }
    if (q.get("response_type") !== "code") return bad("response_type must be code");
    if (!q.get("client_id")) return bad("client_id is required");
    const state = q.get("state") ?? "";
    if (state.length < 1) return bad("state is required");
    const challenge = q.get("code_challenge") ?? "";
    if (q.get("code_challenge_method") !== "S256" || !/^[A-Za-z0-9_-]{43}$/.test(challenge)) return bad("PKCE S256 challenge is required");

    back.searchParams.set("state", state);
    if (q.get("fake_deny") === "1") {
      back.searchParams.set("error", "access_denied");
      back.searchParams.set("error_description", "user denied");
      return res.writeHead(302, { Location: back.href }).end();
    }
    const picked = next ?? {};
    next = null;
    const user = {
      user_id: q.get("fake_user_id") ?? picked.user_id ?? DEFAULT_VK_USER.user_id,
      first_name: q.get("fake_first_name") ?? picked.first_name ?? DEFAULT_VK_USER.first_name,
      last_name: q.get("fake_last_name") ?? picked.last_name ?? DEFAULT_VK_USER.last_name,
      avatar: q.get("fake_avatar") ?? picked.avatar ?? "https://sun1-00.userapi.com/s/v1/ig2/fake.jpg?size=200x200",
    };
    if (!/^\d{1,20}$/.test(user.user_id)) return bad("fake_user_id must be digits");
    const code = `vk2.a.${token()}`;
    const deviceId = token();
    codes.set(code, { clientId: q.get("client_id"), redirectUri, challenge, state, deviceId, user, expiresAt: Date.now() + CODE_TTL_MS });
    back.searchParams.set("code", code);
    back.searchParams.set("expires_in", "600");
    back.searchParams.set("device_id", deviceId);
    back.searchParams.set("type", "code_v2");
    res.writeHead(302, { Location: back.href }).end();
  }

  async function exchange(req, res) {
    const f = new URLSearchParams(await readBody(req));
    const grant = (why) => json(res, 400, { error: "invalid_grant", error_description: why, state: f.get("state") ?? undefined });
    if (f.get("grant_type") !== "authorization_code") return json(res, 400, { error: "unsupported_grant_type", error_description: "authorization_code only" });
    const entry = codes.get(f.get("code") ?? "");
    codes.delete(f.get("code") ?? "");
    if (!entry || entry.expiresAt < Date.now()) return grant("code is invalid or expired");
    if (f.get("client_id") !== entry.clientId) return json(res, 400, { error: "invalid_client", error_description: "client_id mismatch" });
    if (f.get("redirect_uri") !== entry.redirectUri) return grant("redirect_uri mismatch");
    if (f.get("device_id") !== entry.deviceId) return grant("device_id mismatch");
    if (f.get("state") !== entry.state) return grant("state mismatch");
    const verifier = f.get("code_verifier") ?? "";
    const computed = createHash("sha256").update(verifier, "ascii").digest("base64url");
    if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier) || computed !== entry.challenge) return grant("code_verifier does not match code_challenge");
    const access = `vk2.a.${token()}`;
    accessTokens.set(access, { clientId: entry.clientId, user: entry.user });
    json(res, 200, {
      access_token: access,
      refresh_token: `vk2.a.${token()}`,
      id_token: token(),
      token_type: "Bearer",
      expires_in: 3600,
      user_id: Number(entry.user.user_id),
      state: entry.state,
      scope: "vkid.personal_info",
    });
  }

  async function userInfo(req, res) {
    const f = new URLSearchParams(await readBody(req));
    const entry = accessTokens.get(f.get("access_token") ?? "");
    if (!entry || f.get("client_id") !== entry.clientId) return json(res, 401, { error: "invalid_token", error_description: "access token is invalid" });
    json(res, 200, { user: { ...entry.user, sex: 0, verified: false, birthday: "" } });
  }

  /** Handles /vk/*; answers 404 for anything else under it. */
  return async function handleVk(req, res, url) {
    if (url.pathname === "/vk/authorize" && req.method === "GET") return authorize(url, res);
    if (url.pathname === "/vk/oauth2/auth" && req.method === "POST") return exchange(req, res);
    if (url.pathname === "/vk/oauth2/user_info" && req.method === "POST") return userInfo(req, res);
    if (url.pathname === "/vk/fake/next") {
      const q = url.searchParams;
      next = Object.fromEntries(["user_id", "first_name", "last_name", "avatar"].filter((k) => q.has(k)).map((k) => [k, q.get(k)]));
      return res.writeHead(204).end();
    }
    json(res, 404, { error: "not_found" });
  };
}
