// The protocol's operations (docs/trade-bot.md): what each call does with the store, the pool and
// Steam, and the answer it gets. Rules every answer keeps (docs/operations.md "Trade bot"):
// - a POST looks its reference up before anything else: a known reference answers its offer (or
//   its refusal), whatever Steam or the inventories say now;
// - `offer: null` in a 4xx or a 503 means "no offer stands for this reference, none is being
//   made" — said only when the service knows it; a send whose answer is not known (a timeout, a
//   row still 'sending') gets a 503 without it, and the worker asks again with the same reference;
// - the bot never decides money: it reports offer states.
import { z } from "zod";
import type { Pool } from "./pool.ts";
import { offerMessage, securityCode } from "./security-code.ts";
import { isFinal, readStatus } from "./states.ts";
import { type Asset, OfferStatus, type OfferView, type Partner, type SteamAccount, SteamError } from "./steam.ts";
import type { OfferKind, OfferRow, Store } from "./store.ts";
import { partnerOf } from "./trade-link.ts";

/** How long a send whose answer was lost waits, its offer not found, before it is sent again. */
export const RESEND_QUIET_MS = 2 * 60_000;

export interface Answer {
  status: number;
  body: Record<string, unknown>;
}

const refuse = (error: string, extra: Record<string, unknown> = {}): Answer => ({ status: 400, body: { error, ...extra, offer: null } });
/** The service knows no offer stands for the reference and none is being made. */
const noOffer = (error: string): Answer => ({ status: 503, body: { error, offer: null } });
/** An outage with the outcome unknown: the worker must ask again with the same reference. */
const unknownOutcome = (error: string): Answer => ({ status: 503, body: { error } });

const tradeLink = z.string().min(1).max(256);
const reference = z.string().min(1).max(128);
const withdrawBody = z.object({
  trade_link: tradeLink,
  items: z
    .array(z.object({ id: z.number().int().positive(), market_hash_name: z.string().min(1).max(256) }))
    .min(1)
    .max(100),
  reference,
});
const depositBody = z.object({
  trade_link: tradeLink,
  items: z
    .array(z.object({ asset_id: z.string().regex(/^[0-9]{1,24}$/), market_hash_name: z.string().min(1).max(256) }))
    .min(1)
    .max(100),
  reference,
});

export interface ServiceOptions {
  store: Store;
  pool: Pool;
  /** BOT_SECRET: the security codes are derived with it */
  secret: string;
  /** the site's name in offer messages */
  site: string;
  now?: () => number;
  /** how long a player's inventory read is reused */
  inventoryTtlMs?: number;
  /** how old the bots' own inventories may be when a withdrawal picks items */
  ownInventoryTtlMs?: number;
}

export class TradeBotService {
  private readonly store: Store;
  private readonly pool: Pool;
  private readonly secret: string;
  private readonly site: string;
  private readonly now: () => number;
  private readonly inventoryTtlMs: number;
  private readonly ownInventoryTtlMs: number;
  private readonly playerInventories = new Map<string, { at: number; items: Asset[] }>();
  /** one call at a time per reference (a worker retry racing its own first call) */
  private readonly locks = new Map<string, Promise<unknown>>();

  constructor(o: ServiceOptions) {
    this.store = o.store;
    this.pool = o.pool;
    this.secret = o.secret;
    this.site = o.site;
    this.now = o.now ?? Date.now;
    this.inventoryTtlMs = o.inventoryTtlMs ?? 60_000;
    this.ownInventoryTtlMs = o.ownInventoryTtlMs ?? 30_000;
  }

  // ── POST /offers: the house's items to the player ─────────────────────────
  sendWithdrawal(body: unknown): Promise<Answer> {
    return this.byReference(body, async () => {
      const req = withdrawBody.safeParse(body);
      if (!req.success) return refuse("trade_link, items and reference are required");
      const partner = partnerOf(req.data.trade_link);
      if (!partner) return this.refused(req.data, "withdraw", "bad_trade_link");
      const picked = await this.pickHouseItems(req.data.items.map((i) => i.market_hash_name));
      if ("answer" in picked) return picked.answer.status === 400 ? this.refused(req.data, "withdraw", String(picked.answer.body.error)) : picked.answer;
      return this.send("withdraw", picked.account, partner, req.data, picked.assets);
    });
  }

  /**
   * The reference first (docs/operations.md "Trade bot": looked up before any refusal): a known one
   * answers its offer or its refusal; only then is the rest of the body read. A body without a
   * readable reference is refused without `offer: null` — it names no request.
   */
  private byReference(body: unknown, run: () => Promise<Answer>): Promise<Answer> {
    const ref = reference.safeParse((body as { reference?: unknown } | null)?.reference);
    if (!ref.success) return Promise.resolve({ status: 400, body: { error: "reference is required" } });
    return this.serial(ref.data, async () => (await this.known(ref.data)) ?? run());
  }

  /** A refusal for good, kept by its reference: the same reference is refused again, never sent later. */
  private refused(req: { reference: string; trade_link: string; items: unknown[] }, kind: OfferKind, error: string, extra: Record<string, unknown> = {}): Answer {
    this.store.insertRefused({ reference: req.reference, kind, tradeLink: req.trade_link, items: JSON.stringify(req.items), error, now: this.now() });
    return refuse(error, extra);
  }

  // ── POST /deposits: the player's items to the emptiest bot ────────────────
  requestDeposit(body: unknown): Promise<Answer> {
    return this.byReference(body, async () => {
      const req = depositBody.safeParse(body);
      if (!req.success) return refuse("trade_link, items and reference are required");
      const partner = partnerOf(req.data.trade_link);
      if (!partner) return this.refused(req.data, "deposit", "bad_trade_link");
      const account = await this.emptiest();
      if (!account) return noOffer("no_bot_online");
      let inventory: Asset[];
      try {
        inventory = await this.playerInventory(partner.steamId, true);
      } catch (err) {
        return this.steamTrouble(account, err, noOffer);
      }
      const held = new Map(inventory.map((a) => [a.assetId, a]));
      const wanted = req.data.items.map((i) => held.get(i.asset_id));
      if (wanted.some((a, i) => !a || !a.tradable || a.marketHashName !== req.data.items[i]!.market_hash_name)) {
        return this.refused(req.data, "deposit", "items_unavailable");
      }
      return this.send(
        "deposit",
        account,
        partner,
        req.data,
        req.data.items.map((i) => i.asset_id),
      );
    });
  }

  // ── GET /offers/:id ───────────────────────────────────────────────────────
  async readOffer(offerId: string): Promise<Answer> {
    const row = this.store.byOfferId(offerId);
    // not in this bot's books (a lost or replaced database?): not its word that no offer stands
    if (!row) return { status: 404, body: { error: "no such offer" } };
    return this.serial(row.reference, () => this.refresh(row));
  }

  // ── POST /offers/:id/cancel ───────────────────────────────────────────────
  async cancelOffer(offerId: string): Promise<Answer> {
    const row = this.store.byOfferId(offerId);
    if (!row) return { status: 404, body: { error: "no such offer" } };
    return this.serial(row.reference, async () => {
      if (row.state !== "active") return this.view(row);
      const account = this.pool.byName(row.account);
      if (!account || this.pool.statusOf(account) !== "online") return unknownOutcome("bot_unavailable");
      this.store.markCancelling(row.reference);
      try {
        await account.cancelOffer(offerId);
      } catch (err) {
        // decided meanwhile ("not active"), or no answer: what Steam shows now is the answer
        // (refresh answers the unknown outcome itself when Steam does not answer the read either)
        if (!(err instanceof SteamError)) throw err;
        this.steamTrouble(account, err, unknownOutcome);
      }
      return this.refresh({ ...row, cancelledByUs: true });
    });
  }

  // ── GET /inventory?trade_link= ────────────────────────────────────────────
  async inventory(link: string | null): Promise<Answer> {
    const partner = link ? partnerOf(link) : null;
    if (!partner) return refuse("bad_trade_link");
    try {
      const items = await this.playerInventory(partner.steamId, false);
      return { status: 200, body: { items: items.map((a) => ({ asset_id: a.assetId, market_hash_name: a.marketHashName, tradable: a.tradable, tradable_after: a.tradableAfter })) } };
    } catch (err) {
      if (err instanceof SteamError && err.kind === "refused") return { status: 404, body: { error: "inventory_unavailable", offer: null } };
      return unknownOutcome(err instanceof Error ? err.message : "steam_unanswered");
    }
  }

  /** Drops a bot account's cached inventory (it changed outside an offer: a test control stocked it). */
  forgetHouseInventory(account: string): void {
    this.pool.forgetInventory(account);
  }

  /** Drops a player's cached inventory (it changed: a test control set it). */
  forgetPlayer(steamId: string): void {
    this.playerInventories.delete(steamId);
  }

  /** GET /health: each account, whether Steam answers, the offers not finished. */
  health(): { ok: boolean; accounts: ReturnType<Pool["report"]>; open_offers: number } {
    const accounts = this.pool.report();
    const open = [...this.store.openCounts().values()].reduce((a, b) => a + b, 0);
    return { ok: accounts.some((a) => a.status === "online"), accounts, open_offers: open };
  }

  // ── the steps ─────────────────────────────────────────────────────────────
  private async serial<T>(key: string, run: () => Promise<T>): Promise<T> {
    const before = this.locks.get(key) ?? Promise.resolve();
    const mine = before.then(run, run);
    const settled = mine.catch(() => undefined);
    this.locks.set(key, settled);
    try {
      return await mine;
    } finally {
      if (this.locks.get(key) === settled) this.locks.delete(key);
    }
  }

  /**
   * A reference seen before: its offer, its refusal, or — a send whose answer was not seen — found
   * again by its code among the account's sent offers (extras cancelled: one offer per reference),
   * or sent again once RESEND_QUIET_MS passed since the last attempt with nothing found (Steam's
   * list of sent offers lags, and a send that timed out may still land).
   */
  private async known(ref: string): Promise<Answer | null> {
    const row = this.store.byReference(ref);
    if (!row) return null;
    if (row.state === "refused") return refuse(row.error ?? "refused");
    if (row.state !== "sending") return this.view(row);
    const account = this.pool.byName(row.account);
    if (!account || this.pool.statusOf(account) !== "online") return unknownOutcome("bot_unavailable");
    try {
      const found = (await account.findSent(row.securityCode, row.createdAt - 60_000)).filter((o) => sameAssets(o, row)).sort((a, b) => (a.offerId < b.offerId ? -1 : 1));
      const [made, ...extra] = found;
      for (const o of extra) {
        if (!isFinal(o.status)) await account.cancelOffer(o.offerId).catch(() => undefined);
        console.warn(JSON.stringify({ msg: "a second offer for one reference cancelled", reference: ref, offerId: o.offerId }));
      }
      if (made) return this.settleSent(account, row, made.offerId, made.status);
    } catch (err) {
      return this.steamTrouble(account, err, unknownOutcome);
    }
    if (this.now() - row.updatedAt < RESEND_QUIET_MS) return unknownOutcome("steam_unanswered");
    return this.deliver(account, row, true);
  }

  /** Writes the offer as 'sending' (its items reserved), then asks Steam. */
  private async send(
    kind: OfferKind,
    account: SteamAccount,
    partner: Partner,
    req: { trade_link: string; items: unknown[]; reference: string },
    assets: string[],
  ): Promise<Answer> {
    try {
      const days = await account.escrowDays(partner);
      // a hold would keep a player's items (or the house's) for days: refused before sending
      if (days.theirs > 0 || days.mine > 0) return this.refused(req, kind, "trade_hold", { escrow_days: Math.max(days.theirs, days.mine) });
    } catch (err) {
      return this.steamTrouble(account, err, noOffer);
    }
    const now = this.now();
    const row: OfferRow = {
      reference: req.reference,
      kind,
      account: account.name,
      tradeLink: req.trade_link,
      partner: partner.steamId,
      token: partner.token,
      items: JSON.stringify(req.items),
      assets,
      securityCode: securityCode(this.secret, req.reference),
      offerId: null,
      steamStatus: null,
      state: "sending",
      error: null,
      cancelledByUs: false,
      createdAt: now,
      updatedAt: now,
    };
    // a withdrawal holds the house's items; a deposit holds nothing of the house's
    if (!this.store.insertSending(row, kind === "withdraw" ? assets : [])) return noOffer("items_busy");
    return this.deliver(account, row);
  }

  /**
   * The call to Steam for a 'sending' row, and what its answer means. `again`: an earlier attempt
   * went unanswered, so its offer may still land — this one's refusal or rate limit is no proof that
   * no offer stands, and is answered as an unknown outcome.
   */
  private async deliver(account: SteamAccount, row: OfferRow, again = false): Promise<Answer> {
    const partner = { steamId: row.partner, token: row.token };
    let sent: { offerId: string; status: OfferStatus };
    this.store.touch(row.reference, this.now());
    try {
      sent = await account.sendOffer({
        partner,
        give: row.kind === "withdraw" ? row.assets : [],
        receive: row.kind === "deposit" ? row.assets : [],
        message: offerMessage(this.site, row.securityCode, row.kind),
      });
    } catch (err) {
      if (err instanceof SteamError && err.kind === "rate_limited") this.pool.rateLimited(account.name);
      if (again) return unknownOutcome(err instanceof SteamError ? `steam_${err.kind}` : "steam_unanswered");
      if (err instanceof SteamError && err.kind === "refused") {
        this.store.markRefused(row.reference, "steam_refused", this.now());
        return refuse("steam_refused");
      }
      if (err instanceof SteamError && err.kind === "rate_limited") {
        // Steam made nothing: forgotten, the same reference starts afresh next time
        this.store.forget(row.reference);
        return noOffer("rate_limited");
      }
      // a timeout or a dropped connection: an offer may stand; the row stays 'sending'
      return unknownOutcome("steam_unanswered");
    }
    this.pool.answered(account.name);
    return this.settleSent(account, row, sent.offerId, sent.status);
  }

  /** An offer Steam made for `row`: confirmed if it waits for that, stored, answered. */
  private async settleSent(account: SteamAccount, row: OfferRow, offerId: string, status: OfferStatus): Promise<Answer> {
    let now = status;
    if (now === OfferStatus.CreatedNeedsConfirmation) {
      try {
        await account.confirm(offerId);
        now = OfferStatus.Active;
      } catch (err) {
        // stored as it stands: the next read confirms it again
        this.store.markSent(row.reference, offerId, status, "active", this.now());
        return this.steamTrouble(account, err, unknownOutcome);
      }
    }
    const reading = readStatus(now, row);
    const state = reading.action === "confirm" ? "active" : reading.state;
    this.store.markSent(row.reference, offerId, now, state, this.now());
    if (isFinal(now)) this.store.update(row.reference, now, state, true, this.now());
    this.pool.forgetInventory(account.name);
    return this.view({ ...row, offerId, steamStatus: now, state });
  }

  /** Steam's word on an offer now: mapped, confirmed when it waits for that, the scam guard applied. */
  private async refresh(row: OfferRow): Promise<Answer> {
    if (row.state === "sending" || row.state === "refused" || !row.offerId) return this.view(row);
    if (row.steamStatus !== null && isFinal(row.steamStatus)) return this.view(row);
    const account = this.pool.byName(row.account);
    if (!account || this.pool.statusOf(account) !== "online") return unknownOutcome("bot_unavailable");
    let offer: OfferView;
    try {
      offer = await account.getOffer(row.offerId);
      this.pool.answered(account.name);
    } catch (err) {
      return this.steamTrouble(account, err, unknownOutcome);
    }
    const fresh = this.store.byReference(row.reference) ?? row;
    let status = offer.status;
    if (status === OfferStatus.CreatedNeedsConfirmation) {
      try {
        await account.confirm(row.offerId);
        status = OfferStatus.Active;
      } catch (err) {
        return this.steamTrouble(account, err, unknownOutcome);
      }
    }
    let reading = readStatus(status, fresh);
    // an offer whose items are not the ones asked for was changed by someone else: declined
    if (!sameAssets(offer, fresh) && reading.action === "report" && reading.state !== "accepted") {
      reading = { action: "scam", state: "declined" };
    }
    if (reading.action === "scam") {
      console.warn(JSON.stringify({ msg: "offer changed or cancelled by someone else", reference: row.reference, offerId: row.offerId, status }));
      if (!isFinal(status)) {
        // ended only once Steam shows it ended: until then it may still be accepted
        this.store.markCancelling(row.reference);
        await account.cancelOffer(row.offerId).catch(() => undefined);
        const after = await account.getOffer(row.offerId).catch(() => null);
        if (!after || !isFinal(after.status)) return unknownOutcome("steam_unanswered");
        if (after.status === OfferStatus.Accepted) {
          this.store.update(row.reference, after.status, "accepted", true, this.now());
          return this.view({ ...fresh, steamStatus: after.status, state: "accepted" });
        }
        status = after.status;
      }
      this.store.update(row.reference, status, "declined", true, this.now());
      return this.view({ ...fresh, steamStatus: status, state: "declined" });
    }
    const state = reading.action === "confirm" ? "active" : reading.state;
    const final = isFinal(status);
    this.store.update(row.reference, status, state, final, this.now());
    if (final) this.pool.forgetInventory(account.name);
    return this.view({ ...fresh, steamStatus: status, state });
  }

  private view(row: OfferRow): Answer {
    if (row.state === "refused") return refuse(row.error ?? "refused");
    if (row.state === "sending" || !row.offerId) return unknownOutcome("steam_unanswered");
    return { status: 200, body: { offer_id: row.offerId, state: row.state, security_code: row.securityCode } };
  }

  /** A Steam failure outside a send: rate limits back the account off; `answer` says what the caller may conclude. */
  private steamTrouble(account: SteamAccount, err: unknown, answer: (error: string) => Answer): Answer {
    if (err instanceof SteamError && err.kind === "rate_limited") this.pool.rateLimited(account.name);
    const error = err instanceof SteamError ? `steam_${err.kind}` : "steam_unanswered";
    console.warn(JSON.stringify({ msg: "steam call failed", account: account.name, error, detail: err instanceof Error ? err.message : String(err) }));
    return answer(error);
  }

  /** For a withdrawal: the first usable account holding a free tradable asset of every name asked for. */
  private async pickHouseItems(names: string[]): Promise<{ account: SteamAccount; assets: string[] } | { answer: Answer }> {
    let heldElsewhere = false;
    let busy = false;
    for (const account of this.pool.accounts) {
      let inventory: Asset[] | null;
      try {
        inventory = await this.pool.inventoryOf(account, this.ownInventoryTtlMs);
      } catch (err) {
        this.steamTrouble(account, err, unknownOutcome);
        inventory = null;
      }
      const usable = this.pool.statusOf(account) === "online";
      if (inventory === null) {
        // not known what it holds: maybe the items — not a refusal for good
        heldElsewhere = true;
        continue;
      }
      const reserved = this.store.reserved(account.name);
      const tradable = inventory.filter((a) => a.tradable);
      const assets = pick(
        tradable.filter((a) => !reserved.has(a.assetId)),
        names,
      );
      if (!assets) {
        // held, but by another open offer: free again if that one is declined
        busy ||= pick(tradable, names) !== null;
        continue;
      }
      if (usable) return { account, assets };
      heldElsewhere = true;
    }
    // an account that may hold them is out for now, or they wait on another offer: no offer, ask again later
    if (heldElsewhere) return { answer: noOffer("bot_unavailable") };
    if (busy) return { answer: noOffer("items_busy") };
    return { answer: refuse("items_unavailable") };
  }

  /** For a deposit: the usable account with the fewest items and open offers. */
  private async emptiest(): Promise<SteamAccount | null> {
    const open = this.store.openCounts();
    let best: { account: SteamAccount; load: number } | null = null;
    for (const account of this.pool.usable()) {
      const inventory = await this.pool.inventoryOf(account, this.ownInventoryTtlMs).catch(() => null);
      if (inventory === null) continue;
      const load = inventory.length + (open.get(account.name) ?? 0);
      if (!best || load < best.load) best = { account, load };
    }
    return best?.account ?? null;
  }

  /** A player's inventory, read through a usable account (`fresh`: not from the cache). */
  private async playerInventory(steamId: string, fresh: boolean): Promise<Asset[]> {
    const cached = this.playerInventories.get(steamId);
    if (!fresh && cached && this.now() - cached.at <= this.inventoryTtlMs) return cached.items;
    const accounts = this.pool.usable();
    if (accounts.length === 0) throw new SteamError("unanswered", "no bot online");
    let last: unknown = null;
    for (const account of accounts) {
      try {
        const items = await account.inventoryOf(steamId);
        this.pool.answered(account.name);
        this.playerInventories.set(steamId, { at: this.now(), items });
        return items;
      } catch (err) {
        last = err;
        // a limit on one account: the next one tries (spreading the load, never dodging a ban)
        if (err instanceof SteamError && err.kind === "rate_limited") this.pool.rateLimited(account.name);
        else throw err;
      }
    }
    throw last;
  }
}

/** One distinct asset of each name asked for (names may repeat), or null when one is missing. */
function pick(inventory: Asset[], names: string[]): string[] | null {
  const assets: string[] = [];
  for (const name of names) {
    const a = inventory.find((x) => x.marketHashName === name && !assets.includes(x.assetId));
    if (!a) return null;
    assets.push(a.assetId);
  }
  return assets;
}

/** Whether Steam's offer carries exactly the assets the row asked for, on the side it asked. */
function sameAssets(offer: Pick<OfferView, "give" | "receive">, row: Pick<OfferRow, "kind" | "assets">): boolean {
  const mine = [...row.assets].sort();
  const [side, other] = row.kind === "withdraw" ? [offer.give, offer.receive] : [offer.receive, offer.give];
  const theirs = [...side].sort();
  return other.length === 0 && theirs.length === mine.length && theirs.every((a, i) => a === mine[i]);
}
