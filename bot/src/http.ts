// The protocol over HTTP (docs/trade-bot.md "Protocol"): every call but /health must carry the
// worker's signature (shared/trade-bot-signature.ts); each request is one JSON log line.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { checkSignature, SIGNATURE_HEADERS, SIGNATURE_WINDOW_MS } from "../../shared/trade-bot-signature.ts";
import type { SimulatedControl } from "./control.ts";
import type { Answer, TradeBotService } from "./service.ts";
import type { Store } from "./store.ts";

/** The largest body a call may have (100 items of 256-character names fit many times over). */
const MAX_BODY_BYTES = 256 * 1024;
const STEAM_APP_ID = "730";

class TooLarge extends Error {}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new TooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function send(res: ServerResponse, a: Answer): void {
  res.writeHead(a.status, { "content-type": "application/json" }).end(JSON.stringify(a.body));
}

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function parse(raw: string): unknown {
  try {
    return raw.trim() ? JSON.parse(raw) : {};
  } catch {
    return undefined;
  }
}

/** Routes one signed call to the service. */
async function route(service: TradeBotService, method: string, url: URL, raw: string): Promise<Answer> {
  const path = url.pathname;
  let body: unknown;
  if (method === "POST") {
    try {
      body = raw.trim() ? JSON.parse(raw) : {};
    } catch {
      // names no reference: not the bot's word on one (no `offer: null`)
      return { status: 400, body: { error: "bad_json" } };
    }
  }
  if (method === "POST" && path === "/offers") return service.sendWithdrawal(body);
  if (method === "POST" && path === "/deposits") return service.requestDeposit(body);
  if (method === "GET" && path === "/inventory") {
    if (url.searchParams.get("app_id") !== STEAM_APP_ID) return { status: 400, body: { error: "app_id must be 730", offer: null } };
    return service.inventory(url.searchParams.get("trade_link"));
  }
  const m = /^\/offers\/([0-9]{1,24})(\/cancel)?$/.exec(path);
  if (m && method === "GET" && !m[2]) return service.readOffer(m[1]!);
  if (m && method === "POST" && m[2]) return service.cancelOffer(m[1]!);
  return { status: 404, body: { error: "no such bot call", offer: null } };
}

export interface HttpOptions {
  service: TradeBotService;
  /** BOT_SECRET: the worker's TRADE_BOT_SECRET */
  secret: string;
  /** where the calls' nonces are kept (a call replayed within the window is refused) */
  nonces: Pick<Store, "claimNonce">;
  now?: () => number;
  log?: (line: Record<string, unknown>) => void;
  /** a simulated run's test control (BOT_CONTROL=1): /control unsigned, the network's faults on sends */
  control?: SimulatedControl;
}

export function createBotServer(o: HttpOptions): Server {
  const log = o.log ?? ((line) => console.log(JSON.stringify(line)));
  const now = o.now ?? Date.now;
  return createServer((req, res) => {
    const started = performance.now();
    const method = req.method ?? "GET";
    let url: URL;
    try {
      url = new URL(req.url ?? "/", "http://bot.local");
    } catch {
      // a request line no URL parser reads ("GET // HTTP/1.1"): no call of the protocol
      res.writeHead(400, { "content-type": "application/json" }).end(JSON.stringify({ error: "bad request line" }));
      log({ msg: "call", method, path: null, status: 400, ms: 0 });
      return;
    }
    const done = (a: Answer) => {
      send(res, a);
      log({ msg: "call", method, path: url.pathname, status: a.status, ms: Math.round(performance.now() - started) });
    };
    void (async () => {
      if (method === "GET" && url.pathname === "/health") {
        const h = o.service.health();
        return done({ status: h.ok ? 200 : 503, body: h });
      }
      let raw: string;
      try {
        raw = await readBody(req);
      } catch (err) {
        if (err instanceof TooLarge) return done({ status: 413, body: { error: "body too large" } });
        throw err;
      }
      if (o.control && url.pathname.startsWith("/control")) {
        const answer = await o.control.handle(method, url, parse(raw));
        if (answer) return done(answer);
      }
      const signed = await checkSignature(
        o.secret,
        {
          method,
          pathAndQuery: req.url ?? "/",
          body: raw,
          timestamp: header(req, SIGNATURE_HEADERS.timestamp),
          nonce: header(req, SIGNATURE_HEADERS.nonce),
          signature: header(req, SIGNATURE_HEADERS.signature),
        },
        now(),
      );
      // not the bot's word on any reference (no `offer: null`): a caller with a wrong secret retries
      if (!signed.ok) return done({ status: 401, body: { error: `signature ${signed.reason}` } });
      // a timestamp passes for SIGNATURE_WINDOW_MS either way of the clock: the nonce is kept as long
      if (!o.nonces.claimNonce(signed.nonce, now(), 2 * SIGNATURE_WINDOW_MS)) return done({ status: 401, body: { error: "signature replayed" } });
      const fault = o.control && method === "POST" && (url.pathname === "/offers" || url.pathname === "/deposits") ? o.control.beforeSend(url.pathname, parse(raw)) : null;
      if (fault) log({ msg: "network fault (test control)", fault, method, path: url.pathname });
      if (fault === "drop") return res.destroy();
      const answer = await route(o.service, method, url, raw);
      if (fault === "lose") return res.destroy();
      return done(answer);
    })().catch((err: unknown) => {
      // an answer we could not give: the outcome unknown to the caller, who asks again
      log({ msg: "call failed", method, path: url.pathname, error: err instanceof Error ? err.message : String(err) });
      if (!res.headersSent) send(res, { status: 500, body: { error: "internal" } });
    });
  });
}
