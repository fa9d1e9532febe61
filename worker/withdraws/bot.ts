// The trade bot: whatever sends the Steam trade offers (bot/, docs/trade-bot.md; locally a fake).
// Every call is signed with TRADE_BOT_SECRET (shared/trade-bot-signature.ts).
// The queue only talks to the TradeBot interface; HttpTradeBot speaks this small JSON protocol
// (tests/fakes/trade-bot.mjs implements it locally):
//   POST {base}/offers            {trade_link, items:[{id, market_hash_name}], reference}
//                                  → 200 {offer_id, state}. MUST be idempotent on `reference`
//                                  (the withdrawal id): a resend after a lost answer returns the
//                                  same offer, so a queue restart never makes a second offer.
//                                  4xx = the offer is refused for good (e.g. a bad trade link).
//   GET  {base}/offers/:id        → 200 {offer_id, state}; 404 = no such offer
//   POST {base}/offers/:id/cancel → 200 {offer_id, state} (the state after the cancel: 'expired',
//                                  or 'accepted' / 'declined' when it was already decided)
// state: active | accepted | declined | expired. A network error, a timeout
// (WITHDRAW.botTimeoutMs) or a 5xx means "unavailable" and is retried by the queue.
// Skins deposits (worker/skins-deposit/*) use the same bot and offer states, asking instead of giving:
//   GET  {base}/inventory?trade_link=&app_id=730
//                                  → 200 {items:[{asset_id, market_hash_name, tradable, tradable_after?}]}: the
//                                  player's CS2 inventory as the bot sees it (4xx: no such inventory)
//   POST {base}/deposits          {trade_link, items:[{asset_id, market_hash_name}], reference}
//                                  → 200 {offer_id, state}: an offer asking the player for those
//                                  items; idempotent on `reference` (the deposit id) like /offers.
// A deposit offer is then read and cancelled through /offers/:id like a withdrawal's.
import { z } from "zod";
import { STEAM_APP_ID, WITHDRAW } from "../../shared/constants";
import { SECURITY_CODE_PATTERN, signatureHeaders } from "../../shared/trade-bot-signature";

export const OFFER_STATES = ["active", "accepted", "declined", "expired"] as const;
export type OfferState = (typeof OFFER_STATES)[number];

export interface TradeOffer {
  offerId: string;
  state: OfferState;
  /** the code in the offer's message the site shows the player (docs/trade-bot.md "Security code"); null: the bot gave none */
  securityCode: string | null;
}

export interface OfferRequest {
  tradeLink: string;
  items: { id: number; market_hash_name: string }[];
  /** the withdrawal id; the bot's idempotency key */
  reference: string;
}

export interface TradeBot {
  sendOffer(req: OfferRequest): Promise<TradeOffer>;
  getOffer(offerId: string): Promise<TradeOffer>;
  cancelOffer(offerId: string): Promise<TradeOffer>;
}

/** An item of the player's game-platform inventory as the bot lists it. */
export interface BotInventoryItem {
  assetId: string;
  marketHashName: string;
  /** false while the platform does not let it be traded (e.g. its own trade protection) */
  tradable: boolean;
  /** when a not-tradable item becomes tradable (ms since the epoch), when the bot knows */
  tradableAfter: number | null;
}

export interface DepositOfferRequest {
  tradeLink: string;
  items: { asset_id: string; market_hash_name: string }[];
  /** the deposit id; the bot's idempotency key */
  reference: string;
}

/** The skins-deposit side of the bot (same offers, asking for the player's items). */
export interface DepositBot {
  listInventory(tradeLink: string): Promise<BotInventoryItem[]>;
  requestItems(req: DepositOfferRequest): Promise<TradeOffer>;
  getOffer(offerId: string): Promise<TradeOffer>;
  cancelOffer(offerId: string): Promise<TradeOffer>;
}

/**
 * The bot could not be reached or failed (timeout, network, 5xx): try again later. `answered`:
 * the bot itself said it holds no offer for the request's reference and is not making one (a 503
 * whose body is `{ offer: null }`, docs/operations.md "Trade bot"); anything else — a timeout, a
 * dropped connection, a gateway's bare 502/503/504, a 200 that cannot be read — may come after
 * the request reached the bot and made an offer.
 */
export class BotUnavailableError extends Error {
  override name = "BotUnavailableError";
  constructor(
    message: string,
    readonly answered = false,
  ) {
    super(message);
  }
}

/** The bot answered that this request cannot succeed (a 4xx whose body is `{ offer: null }`): do not retry. */
export class BotRejectedError extends Error {
  override name = "BotRejectedError";
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** The bot's own refusal (4xx) or outage (503): no offer stands for the reference (a gateway's answer has no such body). */
const noOfferStands = z.object({ offer: z.null() });

const offerAnswer = z
  .object({
    offer_id: z.union([z.string().min(1).max(128), z.number().int()]),
    state: z.enum(OFFER_STATES),
    // an answer without a readable code is still the offer's: the code is shown, never relied on
    security_code: z.string().regex(SECURITY_CODE_PATTERN).nullish().catch(null),
  })
  .transform((o): TradeOffer => ({ offerId: String(o.offer_id), state: o.state, securityCode: o.security_code ?? null }));

const inventoryAnswer = z
  .object({
    items: z
      .array(
        z.object({
          asset_id: z.union([z.string().regex(/^[0-9]{1,24}$/), z.number().int().nonnegative()]),
          market_hash_name: z.string().min(1).max(256),
          tradable: z.boolean(),
          // an older bot omits it; a time only matters for an item not tradable now
          tradable_after: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullable().optional(),
        }),
      )
      .max(5000),
  })
  .transform((a): BotInventoryItem[] =>
    a.items.map((i) => ({
      assetId: String(i.asset_id),
      marketHashName: i.market_hash_name,
      tradable: i.tradable,
      tradableAfter: i.tradable ? null : (i.tradable_after ?? null),
    })),
  );

/** The bot's GET /health as far as the site reads it (docs/trade-bot.md "Deploying"). */
const healthAnswer = z.object({
  ok: z.boolean(),
  accounts: z.array(z.object({ name: z.string(), status: z.string() })).max(1000),
  open_offers: z.number().int().nonnegative(),
});
export type BotHealth = z.infer<typeof healthAnswer>;

export class HttpTradeBot implements TradeBot, DepositBot {
  private readonly base: string;

  constructor(
    baseUrl: string,
    private readonly timeoutMs: number = WITHDRAW.botTimeoutMs,
    // a wrapper, not `fetch` itself: workerd refuses fetch called as another object's method
    private readonly fetcher: typeof fetch = (input, init) => fetch(input, init),
    /** TRADE_BOT_SECRET: every call signed with it (shared/trade-bot-signature.ts); empty = unsigned (a fake without one) */
    private readonly secret = "",
  ) {
    this.base = baseUrl.replace(/\/+$/, "");
  }

  sendOffer(req: OfferRequest): Promise<TradeOffer> {
    return this.call("POST", "/offers", { trade_link: req.tradeLink, items: req.items, reference: req.reference });
  }

  getOffer(offerId: string): Promise<TradeOffer> {
    return this.call("GET", `/offers/${encodeURIComponent(offerId)}`);
  }

  cancelOffer(offerId: string): Promise<TradeOffer> {
    return this.call("POST", `/offers/${encodeURIComponent(offerId)}/cancel`, {});
  }

  listInventory(tradeLink: string): Promise<BotInventoryItem[]> {
    const query = new URLSearchParams({ trade_link: tradeLink, app_id: String(STEAM_APP_ID) });
    return this.call("GET", `/inventory?${query}`, undefined, inventoryAnswer);
  }

  /** GET /health: the bot's accounts and open offers; null when it does not answer (or answers 503: none online). */
  async health(): Promise<BotHealth | null> {
    try {
      const res = await this.fetcher(`${this.base}/health`, { headers: { Accept: "application/json" }, signal: AbortSignal.timeout(this.timeoutMs) });
      const parsed = healthAnswer.safeParse(await res.json());
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  requestItems(req: DepositOfferRequest): Promise<TradeOffer> {
    return this.call("POST", "/deposits", { trade_link: req.tradeLink, items: req.items, reference: req.reference });
  }

  private call(method: string, path: string, body?: unknown): Promise<TradeOffer>;
  private call<T>(method: string, path: string, body: unknown, schema: z.ZodType<T, unknown>): Promise<T>;
  private async call(method: string, path: string, body?: unknown, schema: z.ZodType<unknown, unknown> = offerAnswer): Promise<unknown> {
    let res: Response;
    const url = `${this.base}${path}`;
    const text = body === undefined ? "" : JSON.stringify(body);
    const headers: Record<string, string> =
      body === undefined ? { Accept: "application/json" } : { Accept: "application/json", "Content-Type": "application/json" };
    if (this.secret) {
      // the path as the bot receives it (no rewriting proxy in between: docs/trade-bot.md "Trust")
      const sent = new URL(url);
      Object.assign(headers, await signatureHeaders(this.secret, method, `${sent.pathname}${sent.search}`, text));
    }
    try {
      res = await this.fetcher(url, {
        method,
        headers,
        body: body === undefined ? undefined : text,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      throw new BotUnavailableError(`trade bot ${method} ${path}: ${String(err)}`);
    }
    if (res.status >= 500) {
      const said = res.status === 503 ? await res.json().catch(() => null) : await res.body?.cancel();
      throw new BotUnavailableError(`trade bot ${method} ${path}: HTTP ${res.status}`, noOfferStands.safeParse(said).success);
    }
    if (!res.ok) {
      // final only on the bot's own word: a gateway's or a firewall's 4xx (a 403, a 408, a 429 …)
      // may come after an earlier send made the offer, so it is a call without an answer
      const said = await res.json().catch(() => null);
      if (noOfferStands.safeParse(said).success) throw new BotRejectedError(`trade bot ${method} ${path}: HTTP ${res.status}`, res.status);
      throw new BotUnavailableError(`trade bot ${method} ${path}: HTTP ${res.status} without the bot's word`);
    }
    let json: unknown;
    try {
      json = await res.json();
    } catch (err) {
      throw new BotUnavailableError(`trade bot ${method} ${path}: bad JSON (${String(err)})`);
    }
    const parsed = schema.safeParse(json);
    // a 200 we cannot read is the bot misbehaving; treated like a call without an answer (retried)
    if (!parsed.success) throw new BotUnavailableError(`trade bot ${method} ${path}: unexpected answer`);
    return parsed.data;
  }
}

/** The configured bot, or null when TRADE_BOT_URL is empty (withdrawals switched off); its calls signed with TRADE_BOT_SECRET. */
export function tradeBotFromEnv(env: Pick<Env, "TRADE_BOT_URL"> & { TRADE_BOT_SECRET?: string }): (TradeBot & DepositBot) | null {
  const url = (env.TRADE_BOT_URL ?? "").trim();
  return url ? new HttpTradeBot(url, WITHDRAW.botTimeoutMs, undefined, env.TRADE_BOT_SECRET ?? "") : null;
}
