// A local fake trade bot speaking the protocol of worker/withdraws/bot.ts (JSON over HTTP),
// mounted at /bot/* by providers.mjs. Offers live in memory.
//
// The protocol (what the worker calls; base URL = TRADE_BOT_URL = <fakes>/bot; signed with the
// secret when the fake has one, as bot/ requires):
//   POST /bot/offers {trade_link, items:[{id, market_hash_name}], reference}   (answers carry
//        security_code as the real service's do: six characters derived from the reference)
//        → 200 {offer_id, state:"active"}; the same reference again → the same offer (idempotent)
//        → 400 {error} for a malformed body (or in mode "reject")
//   GET  /bot/offers/:id        → 200 {offer_id, state: active|accepted|declined|expired}; 404 unknown
//   POST /bot/offers/:id/cancel → 200 {offer_id, state} — an active offer becomes "expired";
//        an accepted/declined one keeps its state
// Skins deposits (worker/skins-deposit/*; the offer asks the player for their items):
//   GET  /bot/inventory?trade_link=&app_id=730 → 200 {items:[{asset_id, market_hash_name, tradable, tradable_after}]};
//        every link starts with the seeded inventory SEEDED_INVENTORY (six real catalogue skins, one
//        not tradable, one unknown to the catalogue; asset ids unique per link); an item leaves it
//        when a deposit offer asking for it is accepted
//   POST /bot/deposits {trade_link, items:[{asset_id, market_hash_name}], reference}
//        → 200 {offer_id, state:"active"}, idempotent on reference; 400 when an asset is not in the
//        link's inventory or not tradable. Read and cancelled through /bot/offers/:id like the rest,
//        and settled by the same modes.
//
// Control (tests choose the outcome; optionally per trade link so parallel tests don't collide):
//   GET  /bot/health → {ok, accounts: [{name, status}], open_offers} (unsigned, as bot/'s)
//   POST /bot/control {mode, acceptAfterMs?, trade_link?}
//        mode "accept"      → an offer turns "accepted" acceptAfterMs after it was made (default ~2 s)
//             "decline"     → … turns "declined" after acceptAfterMs
//             "timeout"     → stays "active" until cancelled
//             "unavailable" → every call about that link answers 503 (the bot cannot reach Steam),
//                             except a POST whose reference it already made an offer for: that
//                             offer. A POST's 503 says so in its body ({offer: null}: no offer
//                             stands for the reference), which a gateway's bare 503 does not
//             "lost"        → POST /bot/offers makes the offer (or finds it) and drops the
//                             connection without an answer (the answer lost on its way)
//             "dropped"     → a POST of a new reference drops the connection before the bot
//                             makes anything (the send never reached it); reads still answer
//             "reject"      → POST /bot/offers answers 400 (the offer is refused for good)
//        A refusal (4xx) says { error, offer: null } like the outage's 503: the bot's own word that
//        no offer stands for the reference (a gateway's or a firewall's 4xx has no such body)
//        without trade_link it sets the default for every link without its own mode
//   GET  /bot/control/offers?trade_link= → {offers:[{offer_id, reference, trade_link, items, state}], sendCalls}
//   POST /bot/control/reset → forget offers, modes and inventories
//   POST /bot/control/inventory {trade_link, items:[{market_hash_name, tradable?, asset_id?}]} → sets
//        that link's inventory (tests use their own catalogue names)
//   POST /bot/control/offers/:id {state: accepted|declined|expired} → decides an active offer now
// The mode is read when an offer is asked about, so a test may switch it while offers are open.

import { createHash, createHmac, timingSafeEqual } from "node:crypto";

const DEFAULT_CONTROL = { mode: "accept", acceptAfterMs: 2000 };

/** Every link's inventory until a test sets its own (names of shared/catalogue/catalogue.json). */
const SEEDED_INVENTORY = [
  { market_hash_name: "AK-47 | Redline (Field-Tested)", tradable: true },
  { market_hash_name: "AWP | Asiimov (Field-Tested)", tradable: true },
  { market_hash_name: "M4A1-S | Hyper Beast (Minimal Wear)", tradable: true },
  { market_hash_name: "Glock-18 | Water Elemental (Field-Tested)", tradable: true },
  { market_hash_name: "USP-S | Cortex (Field-Tested)", tradable: true },
  // under Steam's trade protection: tradable again in 5 days (tradable_after)
  { market_hash_name: "Desert Eagle | Blaze (Factory New)", tradable: false, holdDays: 5 },
  { market_hash_name: "P250 | Asiimov (Field-Tested)", tradable: true },
  { market_hash_name: "Sticker | Fake Bot Souvenir", tradable: true },
];
const DECIDABLE = new Set(["accepted", "declined", "expired"]);
const MODES = new Set(["accept", "decline", "timeout", "unavailable", "reject", "lost", "dropped"]);

/**
 * DEV ONLY: the secret the local site and the tests sign their calls to this fake with (public;
 * a real deployment sets TRADE_BOT_SECRET with `wrangler secret put` and BOT_SECRET on the bot).
 */
export const DEV_TRADE_BOT_SECRET = "dev-only-trade-bot-secret-not-for-production";

const SIGNATURE_WINDOW_MS = 5 * 60_000;

/**
 * The bot protocol's signature (shared/trade-bot-signature.ts, the worker's side): HMAC-SHA256 over
 * "METHOD\npath?query\ntimestamp\nnonce\nsha256(body)", each nonce accepted once. Written again
 * here with node:crypto so the fake runs under any Node the site supports; a unit test checks the
 * two agree.
 */
function signatureOk(secret, req, url, raw, seenNonces) {
  const at = req.headers["x-bot-timestamp"];
  const nonce = req.headers["x-bot-nonce"];
  const sig = req.headers["x-bot-signature"];
  if (typeof at !== "string" || typeof nonce !== "string" || typeof sig !== "string") return false;
  if (!/^[0-9]{1,16}$/.test(at) || !/^[0-9a-f]{32}$/.test(nonce) || !/^[0-9a-f]{64}$/.test(sig)) return false;
  if (Math.abs(Date.now() - Number(at)) > SIGNATURE_WINDOW_MS) return false;
  const bodyHash = createHash("sha256").update(raw).digest("hex");
  const text = `${req.method.toUpperCase()}\n${url.pathname}${url.search}\n${at}\n${nonce}\n${bodyHash}`;
  const expected = createHmac("sha256", secret).update(text).digest();
  if (!timingSafeEqual(expected, Buffer.from(sig, "hex"))) return false;
  // a replayed call: its nonce seen (kept for twice the window, then forgotten)
  const now = Date.now();
  for (const [n, t] of seenNonces) if (now - t > 2 * SIGNATURE_WINDOW_MS) seenNonces.delete(n);
  if (seenNonces.has(nonce)) return false;
  seenNonces.set(nonce, now);
  return true;
}

// no 0/O, 1/I/L (bot/src/security-code.ts)
const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/** The offer's security code, derived from its reference as bot/src/security-code.ts derives it. */
function securityCode(secret, reference) {
  const digest = createHmac("sha256", secret || "fake-bot")
    .update(`security-code:${reference}`)
    .digest();
  let code = "";
  for (let i = 0; i < 6; i++) code += CODE_ALPHABET[digest[i] % CODE_ALPHABET.length];
  return code;
}

/** `secret`: calls other than /bot/control* must be signed with it (none: unsigned calls pass). */
export function createTradeBotFake({ secret = "" } = {}) {
  /** @type {Map<string, {offer_id: string, reference: string, trade_link: string, items: unknown[], state: string, createdAt: number}>} */
  const offers = new Map();
  const byReference = new Map();
  /** nonce → when seen: a signed call is accepted once */
  const seenNonces = new Map();
  /** trade link → number of POST /bot/offers calls (also refused ones) */
  const sendCalls = new Map();
  let defaults = { ...DEFAULT_CONTROL };
  const perLink = new Map();
  /** trade link → [{asset_id, market_hash_name, tradable}] */
  const inventories = new Map();
  let seq = 0;
  let assetSeq = 0;

  const newAssets = (items) =>
    items.map((i) => ({
      asset_id: i.asset_id ? String(i.asset_id) : String(3_000_000_000 + ++assetSeq),
      market_hash_name: i.market_hash_name,
      tradable: i.tradable !== false,
      tradable_after: i.tradable_after ?? (i.holdDays ? Date.now() + i.holdDays * 86_400_000 : null),
    }));
  function inventoryOf(link) {
    if (!inventories.has(link)) inventories.set(link, newAssets(SEEDED_INVENTORY));
    return inventories.get(link);
  }

  const controlOf = (link) => perLink.get(link) ?? defaults;

  /** The offer's state now, per the mode of its link. */
  function settle(offer) {
    if (offer.state !== "active") return offer.state;
    const { mode, acceptAfterMs } = controlOf(offer.trade_link);
    if ((mode === "accept" || mode === "decline") && Date.now() - offer.createdAt >= acceptAfterMs) {
      decide(offer, mode === "accept" ? "accepted" : "declined");
    }
    return offer.state;
  }

  /** An offer's final state; an accepted deposit takes its items out of the player's inventory. */
  function decide(offer, state) {
    offer.state = state;
    if (state === "accepted" && offer.kind === "deposit") {
      const asked = new Set(offer.items.map((i) => String(i.asset_id)));
      inventories.set(
        offer.trade_link,
        inventoryOf(offer.trade_link).filter((i) => !asked.has(i.asset_id)),
      );
    }
  }

  const view = (o) => ({ offer_id: o.offer_id, state: settle(o), security_code: securityCode(secret, o.reference) });

  /**
   * POST /offers (a withdrawal: the bot gives) and POST /deposits (the bot asks): the same checks,
   * idempotent on the reference; `refusal(link)` adds the kind's own check (null = fine).
   */
  function makeOffer(res, body, kind, refusal) {
    const link = body?.trade_link;
    if (typeof link !== "string" || !link || !Array.isArray(body.items) || body.items.length === 0 || typeof body.reference !== "string") {
      return json(res, 400, { error: "trade_link, items and reference are required", offer: null });
    }
    const { mode } = controlOf(link);
    const existing = byReference.get(body.reference);
    if (existing) return mode === "lost" ? res.destroy() : json(res, 200, view(offers.get(existing)));
    if (mode === "unavailable") return json(res, 503, { error: "bot unavailable", offer: null });
    if (mode === "dropped") return res.destroy();
    if (mode === "reject") return json(res, 400, { error: "offer refused", offer: null });
    const refused = refusal(link);
    if (refused) return json(res, 400, { error: refused, offer: null });
    seq += 1;
    const offer = {
      // digits, as Steam's trade offer ids (https://steamcommunity.com/tradeoffer/<id>/)
      offer_id: String(7_000_000_000 + seq),
      ...(kind ? { kind } : {}),
      reference: body.reference,
      trade_link: link,
      items: body.items,
      state: "active",
      createdAt: Date.now(),
    };
    offers.set(offer.offer_id, offer);
    byReference.set(offer.reference, offer.offer_id);
    if (mode === "lost") return res.destroy();
    return json(res, 200, view(offer));
  }

  return async function handle(req, res, url) {
    const path = url.pathname.replace(/^\/bot/, "");
    const raw = req.method === "POST" ? await readText(req) : "";
    const body = req.method === "POST" ? parseJson(raw) : undefined;
    // the bot's health, unsigned as bot/'s: one account, offline while the default mode is "unavailable"
    if (path === "/health" && req.method === "GET") {
      const open = [...offers.values()].filter((o) => settle(o) === "active").length;
      const online = defaults.mode !== "unavailable";
      return json(res, online ? 200 : 503, { ok: online, accounts: [{ name: "fake-bot", status: online ? "online" : "offline" }], open_offers: open });
    }
    // a bad signature is not the bot's word on any reference (no `offer: null`): the caller retries
    if (secret && !path.startsWith("/control") && !signatureOk(secret, req, url, raw, seenNonces)) return json(res, 401, { error: "bad signature" });

    if (path === "/control" && req.method === "POST") {
      if (!body || !MODES.has(body.mode)) return json(res, 400, { error: `mode must be one of ${[...MODES].join(", ")}` });
      const acceptAfterMs = Number.isFinite(body.acceptAfterMs) ? Math.max(0, body.acceptAfterMs) : DEFAULT_CONTROL.acceptAfterMs;
      const control = { mode: body.mode, acceptAfterMs };
      if (typeof body.trade_link === "string") perLink.set(body.trade_link, control);
      else defaults = control;
      return json(res, 200, { ok: true, ...control });
    }
    if (path === "/control/offers" && req.method === "GET") {
      const link = url.searchParams.get("trade_link");
      const list = [...offers.values()].filter((o) => link === null || o.trade_link === link);
      return json(res, 200, {
        offers: list.map((o) => ({
          offer_id: o.offer_id,
          kind: o.kind ?? "withdraw",
          reference: o.reference,
          trade_link: o.trade_link,
          items: o.items,
          state: settle(o),
        })),
        sendCalls: link === null ? [...sendCalls.values()].reduce((a, b) => a + b, 0) : (sendCalls.get(link) ?? 0),
      });
    }
    if (path === "/control/reset" && req.method === "POST") {
      offers.clear();
      byReference.clear();
      sendCalls.clear();
      perLink.clear();
      inventories.clear();
      defaults = { ...DEFAULT_CONTROL };
      return json(res, 200, { ok: true });
    }
    if (path === "/control/inventory" && req.method === "POST") {
      if (typeof body?.trade_link !== "string" || !Array.isArray(body.items)) return json(res, 400, { error: "trade_link and items are required" });
      inventories.set(body.trade_link, newAssets(body.items));
      return json(res, 200, { items: inventories.get(body.trade_link) });
    }
    const decided = /^\/control\/offers\/([^/]+)$/.exec(path);
    if (decided && req.method === "POST") {
      const offer = offers.get(decodeURIComponent(decided[1]));
      if (!offer) return json(res, 404, { error: "no such offer", offer: null });
      if (!DECIDABLE.has(body?.state)) return json(res, 400, { error: "state must be accepted, declined or expired" });
      if (settle(offer) === "active") decide(offer, body.state);
      return json(res, 200, view(offer));
    }

    if (path === "/inventory" && req.method === "GET") {
      const link = url.searchParams.get("trade_link");
      if (!link) return json(res, 400, { error: "trade_link is required", offer: null });
      if (controlOf(link).mode === "unavailable") return json(res, 503, { error: "bot unavailable" });
      return json(res, 200, { items: inventoryOf(link) });
    }
    if (path === "/deposits" && req.method === "POST") {
      return makeOffer(res, body, "deposit", (link) => {
        const held = new Map(inventoryOf(link).map((i) => [i.asset_id, i]));
        return body.items.some((i) => !held.get(String(i?.asset_id))?.tradable) ? "an item is not in the inventory or not tradable" : null;
      });
    }

    if (path === "/offers" && req.method === "POST") {
      const link = body?.trade_link;
      if (typeof link === "string") sendCalls.set(link, (sendCalls.get(link) ?? 0) + 1);
      return makeOffer(res, body, undefined, () => null);
    }

    const m = /^\/offers\/([^/]+)(\/cancel)?$/.exec(path);
    if (m) {
      const offer = offers.get(decodeURIComponent(m[1]));
      if (!offer) return json(res, 404, { error: "no such offer", offer: null });
      if (controlOf(offer.trade_link).mode === "unavailable") return json(res, 503, { error: "bot unavailable" });
      if (m[2] && req.method === "POST") {
        if (settle(offer) === "active") offer.state = "expired";
        return json(res, 200, view(offer));
      }
      if (!m[2] && req.method === "GET") return json(res, 200, view(offer));
    }
    return json(res, 404, { error: "no such bot call", offer: null });
  };
}

function json(res, status, body) {
  res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
}

async function readText(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return Buffer.concat(chunks).toString("utf8");
}

function parseJson(text) {
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
