// A local Telegram for the giveaways' subscription condition, speaking the real protocols:
//   GET  /telegram/oauth/auth?bot_id&origin&return_to → the login page (as oauth.telegram.org's):
//        pick an account; "Log in" goes back to return_to#tgAuthResult=<base64url JSON of the
//        signed user: id, first_name, username, auth_date, hash> (core.telegram.org/widgets/login:
//        hash = hex HMAC-SHA256(data_check_string, SHA256(bot token)), data_check_string the
//        fields but hash as sorted "key=value" lines)
//   GET  /telegram/channel → the channel page: join or leave it as the last account that logged in
//   GET|POST /telegram/api/bot<token>/getChatMember?chat_id&user_id → { ok, result: { user, status } }
//        (status creator | administrator | member | restricted | left | kicked); a wrong token 401
//        Unauthorized, another chat 400 "Bad Request: chat not found", as the Bot API answers
// Test knobs: POST /telegram/fake/member {user_id, status} sets an account's status in the channel;
// GET /telegram/oauth/auth?…&fake_user_id=&fake_username= logs that account in at once (no page).
import { createHash, createHmac } from "node:crypto";

export const FAKE_TELEGRAM = {
  botToken: "7000000001:AAFakeTelegramBotTokenForLocalDev_only",
  channel: "@skinrush_news",
};
const BOT_ID = FAKE_TELEGRAM.botToken.split(":")[0];

/** The accounts the login page offers (statuses in the channel at start). */
const ACCOUNTS = [
  { id: "700100", first_name: "Ivan", username: "ivan_tg", status: "member" },
  { id: "700200", first_name: "Olga", username: "olga_tg", status: "left" },
  { id: "700300", first_name: "Petr", username: "petr_tg", status: "kicked" },
];

/** The Login Widget's signature of `fields` (every field but hash) with `botToken`. */
export function signTelegramLogin(fields, botToken = FAKE_TELEGRAM.botToken) {
  const check = Object.keys(fields)
    .filter((k) => k !== "hash" && fields[k] !== undefined)
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join("\n");
  const secret = createHash("sha256").update(botToken).digest();
  return createHmac("sha256", secret).update(check).digest("hex");
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

const json = (res, status, body) => res.writeHead(status, { "Content-Type": "application/json; charset=utf-8" }).end(JSON.stringify(body));
const html = (res, body) =>
  res
    .writeHead(200, { "Content-Type": "text/html; charset=utf-8" })
    .end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Telegram (local)</title>
<style>body{font:16px system-ui;margin:2rem auto;max-width:28rem;padding:0 1rem}a.button,button{display:block;margin:.5rem 0;padding:.7rem 1rem;border-radius:.5rem;background:#2aabee;color:#fff;text-decoration:none;border:0;font:inherit;cursor:pointer}</style></head><body>${body}</body></html>`);
const esc = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function createTelegramFake() {
  /** telegram id → status in the channel */
  const members = new Map(ACCOUNTS.map((a) => [a.id, a.status]));
  /** the account the channel page acts as */
  let lastLogin = null;

  function loginRedirect(res, returnTo, account) {
    const fields = { id: Number(account.id), first_name: account.first_name, username: account.username, auth_date: Math.floor(Date.now() / 1000) };
    const signed = { ...fields, hash: signTelegramLogin(fields) };
    lastLogin = account;
    if (!members.has(account.id)) members.set(account.id, "left");
    const back = new URL(returnTo);
    back.hash = `tgAuthResult=${Buffer.from(JSON.stringify(signed)).toString("base64url")}`;
    res.writeHead(302, { Location: back.href }).end();
  }

  function auth(url, res) {
    const q = url.searchParams;
    if (q.get("bot_id") !== BOT_ID) return html(res, "<h1>Bot domain invalid</h1><p>Unknown bot_id.</p>");
    const returnTo = q.get("return_to") ?? "";
    try {
      new URL(returnTo);
    } catch {
      return html(res, "<h1>Bad request</h1><p>return_to is not a URL.</p>");
    }
    const pick = q.get("fake_user_id");
    if (pick)
      return loginRedirect(res, returnTo, { id: pick, first_name: q.get("fake_first_name") ?? "Test", username: q.get("fake_username") ?? `tg${pick}` });
    const chosen = ACCOUNTS.find((a) => a.id === q.get("account"));
    if (chosen) return loginRedirect(res, returnTo, chosen);
    const base = new URL(url.href);
    const links = ACCOUNTS.map((a) => {
      base.searchParams.set("account", a.id);
      return `<a class="button" href="${esc(base.pathname + base.search)}">Log in as ${esc(a.first_name)} (@${esc(a.username)})</a>`;
    }).join("");
    return html(res, `<h1>Log in to ${esc(q.get("origin") ?? "the site")}</h1><p>Local Telegram: pick an account.</p>${links}`);
  }

  function channel(url, res) {
    const action = url.searchParams.get("action");
    if (lastLogin && (action === "join" || action === "leave")) members.set(lastLogin.id, action === "join" ? "member" : "left");
    if (!lastLogin) return html(res, `<h1>${esc(FAKE_TELEGRAM.channel)}</h1><p>Log in with Telegram on the site first.</p>`);
    const status = members.get(lastLogin.id) ?? "left";
    const subscribed = ["creator", "administrator", "member"].includes(status);
    return html(
      res,
      `<h1>${esc(FAKE_TELEGRAM.channel)}</h1><p>@${esc(lastLogin.username)}: ${subscribed ? "subscribed" : "not subscribed"}</p><a class="button" href="?action=${subscribed ? "leave" : "join"}">${subscribed ? "Leave channel" : "Join channel"}</a>`,
    );
  }

  async function botApi(req, url, res) {
    const m = /^\/telegram\/api\/bot([^/]+)\/([A-Za-z]+)$/.exec(url.pathname);
    if (!m) return json(res, 404, { ok: false, error_code: 404, description: "Not Found" });
    if (m[1] !== FAKE_TELEGRAM.botToken) return json(res, 401, { ok: false, error_code: 401, description: "Unauthorized" });
    if (m[2] !== "getChatMember") return json(res, 404, { ok: false, error_code: 404, description: "Not Found: method not found" });
    const params = new URLSearchParams(url.search);
    if (req.method === "POST") {
      const body = await readBody(req);
      const fields = (req.headers["content-type"] ?? "").includes("json") ? JSON.parse(body || "{}") : Object.fromEntries(new URLSearchParams(body));
      for (const [k, v] of Object.entries(fields)) params.set(k, String(v));
    }
    if (params.get("chat_id") !== FAKE_TELEGRAM.channel) return json(res, 400, { ok: false, error_code: 400, description: "Bad Request: chat not found" });
    const userId = params.get("user_id") ?? "";
    if (!/^\d+$/.test(userId)) return json(res, 400, { ok: false, error_code: 400, description: "Bad Request: invalid user_id specified" });
    const status = members.get(userId) ?? "left";
    return json(res, 200, { ok: true, result: { user: { id: Number(userId), is_bot: false, first_name: "User" }, status } });
  }

  return async (req, res, url) => {
    if (url.pathname === "/telegram/oauth/auth") return auth(url, res);
    if (url.pathname === "/telegram/channel") return channel(url, res);
    if (url.pathname.startsWith("/telegram/api/")) return botApi(req, url, res);
    if (url.pathname === "/telegram/fake/member" && req.method === "POST") {
      const { user_id, status } = JSON.parse((await readBody(req)) || "{}");
      members.set(String(user_id), String(status));
      return json(res, 200, { ok: true });
    }
    return json(res, 404, { ok: false, error_code: 404, description: "Not Found" });
  };
}
