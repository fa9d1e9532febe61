// A local Steam OpenID 2.0 provider (stateless mode, like steamcommunity.com/openid/login):
//   GET  /steam/openid/login?openid.mode=checkid_setup...  → approves at once: 302 to return_to
//        with a positive assertion signed by HMAC-SHA256 under a secret only this process knows.
//   POST /steam/openid/login  openid.mode=check_authentication → "is_valid:true|false" (key-value
//        form); a response_nonce is accepted once.
//   GET  /steam/profiles/<steamid>/?xml=1 → the public profile XML (persona, avatar) when the
//        sign-in gave a persona, else Steam's "profile could not be found" answer.
// Test knobs (query parameters added to the checkid_setup URL, all optional):
//   fake_steamid=<17 digits>   the account that signs in (default 76561198000000001)
//   fake_persona=<name>        persona name served by the profile XML (none → steam_<digits>)
//   fake_avatar=<url>          avatarFull of the profile XML
//   fake_deny=1                the player cancels: openid.mode=cancel
//   fake_op_endpoint=<url>     sign a different op_endpoint (a rogue OP's genuine signature)
// Cookie-less pick for a browser run (the popup URL is the worker's, so no knobs can be added):
//   GET /steam/fake/next?steamid=..&persona=..&avatar=.. → the NEXT checkid_setup uses that identity.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export const DEFAULT_STEAM_ID = "76561198000000001";
const NS = "http://specs.openid.net/auth/2.0";
const IDENTIFIER_SELECT = "http://specs.openid.net/auth/2.0/identifier_select";
const SIGNED = ["signed", "op_endpoint", "claimed_id", "identity", "return_to", "response_nonce", "assoc_handle"];

function keyValue(pairs) {
  return pairs.map(([k, v]) => `${k}:${v}\n`).join("");
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function text(res, status, body, type = "text/plain; charset=utf-8") {
  res.writeHead(status, { "Content-Type": type }).end(body);
}

/** @param {{ baseUrl: () => string }} opts */
export function createSteamOpenIdFake({ baseUrl }) {
  const secret = randomBytes(32);
  const usedNonces = new Set();
  /** steamid → { persona, avatar } */
  const profiles = new Map();
  let next = null;

  const endpoint = () => `${baseUrl()}/steam/openid/login`;

  /** sig over the key-value form of the fields `signed` names, in that order (OpenID 2.0 §6.1). */
  function sign(fields) {
    const names = fields["openid.signed"].split(",");
    const kv = keyValue(names.map((n) => [n, fields[`openid.${n}`] ?? ""]));
    return createHmac("sha256", secret).update(kv, "utf8").digest("base64");
  }

  function checkidSetup(url, res) {
    const q = url.searchParams;
    const returnTo = q.get("openid.return_to") ?? "";
    const realm = q.get("openid.realm") ?? "";
    let returnUrl;
    try {
      returnUrl = new URL(returnTo);
    } catch {
      return text(res, 400, "openid.return_to is not a URL");
    }
    if (q.get("openid.ns") !== NS) return text(res, 400, "wrong openid.ns");
    if (!realm || !returnTo.startsWith(realm)) return text(res, 400, "return_to is outside the realm");
    if (q.get("openid.identity") !== IDENTIFIER_SELECT || q.get("openid.claimed_id") !== IDENTIFIER_SELECT) {
      return text(res, 400, "identity/claimed_id must be identifier_select");
    }

    if (q.get("fake_deny") === "1") {
      returnUrl.searchParams.set("openid.ns", NS);
      returnUrl.searchParams.set("openid.mode", "cancel");
      return res.writeHead(302, { Location: returnUrl.href }).end();
    }

    const picked = next ?? {};
    next = null;
    const steamId = q.get("fake_steamid") ?? picked.steamid ?? DEFAULT_STEAM_ID;
    if (!/^\d{17}$/.test(steamId)) return text(res, 400, "fake_steamid must be 17 digits");
    const persona = q.get("fake_persona") ?? picked.persona;
    const avatar = q.get("fake_avatar") ?? picked.avatar;
    if (persona) profiles.set(steamId, { persona, avatar });

    const claimed = `https://steamcommunity.com/openid/id/${steamId}`;
    const fields = {
      "openid.ns": NS,
      "openid.mode": "id_res",
      "openid.op_endpoint": q.get("fake_op_endpoint") ?? endpoint(),
      "openid.claimed_id": claimed,
      "openid.identity": claimed,
      "openid.return_to": returnTo,
      "openid.response_nonce": `${new Date().toISOString().slice(0, 19)}Z${randomBytes(6).toString("hex")}`,
      "openid.assoc_handle": "1234567890",
      "openid.signed": SIGNED.join(","),
    };
    fields["openid.sig"] = sign(fields);
    for (const [k, v] of Object.entries(fields)) returnUrl.searchParams.set(k, v);
    res.writeHead(302, { Location: returnUrl.href }).end();
  }

  async function checkAuthentication(req, res) {
    const form = new URLSearchParams(await readBody(req));
    const answer = (valid) =>
      text(
        res,
        200,
        keyValue([
          ["ns", NS],
          ["is_valid", valid ? "true" : "false"],
        ]),
      );
    if (!/application\/x-www-form-urlencoded/.test(req.headers["content-type"] ?? "")) {
      return text(
        res,
        400,
        keyValue([
          ["ns", NS],
          ["mode", "error"],
          ["error", "form encoding expected"],
        ]),
      );
    }
    if (form.get("openid.mode") !== "check_authentication") {
      return text(
        res,
        400,
        keyValue([
          ["ns", NS],
          ["mode", "error"],
          ["error", "unsupported mode"],
        ]),
      );
    }
    const fields = Object.fromEntries(form);
    const signed = (fields["openid.signed"] ?? "").split(",");
    if (!fields["openid.sig"] || SIGNED.some((f) => !signed.includes(f))) return answer(false);
    const expected = Buffer.from(sign(fields));
    const given = Buffer.from(fields["openid.sig"]);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return answer(false);
    const nonce = fields["openid.response_nonce"];
    if (usedNonces.has(nonce)) return answer(false);
    usedNonces.add(nonce);
    answer(true);
  }

  function profile(steamId, res) {
    const p = profiles.get(steamId);
    if (!p) {
      return text(
        res,
        200,
        '<?xml version="1.0"?><response><error><![CDATA[The specified profile could not be found.]]></error></response>',
        "text/xml; charset=utf-8",
      );
    }
    const cdata = (s) => `<![CDATA[${String(s).replaceAll("]]>", "]]]]><![CDATA[>")}]]>`;
    const xml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<profile><steamID64>${steamId}</steamID64><steamID>${cdata(p.persona)}</steamID>
<avatarFull>${cdata(p.avatar ?? "https://avatars.steamstatic.com/fef49e7fa7e1997310d705b2a6158ff8dc1cdfeb_full.jpg")}</avatarFull>
<privacyState>public</privacyState></profile>`;
    text(res, 200, xml, "text/xml; charset=utf-8");
  }

  /** Handles /steam/*; answers 404 for anything else under it. */
  return async function handleSteam(req, res, url) {
    if (url.pathname === "/steam/openid/login") {
      if (req.method === "GET" && url.searchParams.get("openid.mode") === "checkid_setup") return checkidSetup(url, res);
      if (req.method === "POST") return checkAuthentication(req, res);
      return text(
        res,
        400,
        keyValue([
          ["ns", NS],
          ["mode", "error"],
          ["error", "unsupported request"],
        ]),
      );
    }
    const m = /^\/steam\/profiles\/(\d{17})\/?$/.exec(url.pathname);
    if (m && req.method === "GET") return profile(m[1], res);
    if (url.pathname === "/steam/fake/next") {
      const q = url.searchParams;
      next = { steamid: q.get("steamid") ?? undefined, persona: q.get("persona") ?? undefined, avatar: q.get("avatar") ?? undefined };
      return res.writeHead(204).end();
    }
    text(res, 404, "not found");
  };
}
