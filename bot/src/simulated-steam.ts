// A simulated Steam behind the SteamAccount interface (docs/trade-bot.md "Steam layer"): players'
// inventories and trade tokens, the bot accounts' inventories, offers with Steam's states, and the
// things that go wrong — a signed-out or locked account, a rate limit, an answer lost after the
// offer was made, a trade hold, a player who counters, a scammer who cancels the real offer. The
// service's tests run against it, and `BOT_STEAM=simulated` runs the whole service on it locally.
import { type AccountStatus, type Asset, OfferStatus, type OfferView, type Partner, type SentOffer, type SteamAccount, SteamError } from "./steam.ts";

/** Steam's Trade Protection on traded CS2 items: 7 days. */
const TRADE_PROTECTION_MS = 7 * 86_400_000;

interface SimOffer extends OfferView {
  account: string;
  partner: string;
  createdAt: number;
}

type Method = "ownInventory" | "inventoryOf" | "escrowDays" | "sendOffer" | "confirm" | "getOffer" | "cancelOffer" | "findSent";
/** An injected failure: `lost` makes the offer first, then loses the answer (sendOffer only). */
type Fault = "refused" | "rate_limited" | "unanswered" | "lost";

/**
 * How the simulated players behave, asked per player (a test control sets it per trade link):
 * `decide` settles an active offer when it is read (null: leaves it); `down`: Steam cannot be
 * reached for anything about this player; `refuses`: Steam refuses offers to this player.
 */
export interface PlayerBehaviour {
  decide?(offer: { partner: string; createdAt: number }, now: number): "accepted" | "declined" | null;
  down?(steamId: string): boolean;
  refuses?(steamId: string): boolean;
}

export class SimulatedSteam {
  private readonly now: () => number;
  private readonly players = new Map<string, { token: string; items: Asset[]; escrowDays: number; private: boolean }>();
  private readonly bots = new Map<string, { status: AccountStatus; items: Asset[]; escrowDays: number; confirmations: boolean }>();
  private readonly offers = new Map<string, SimOffer>();
  private readonly faults = new Map<string, Fault[]>();
  private seq = 0;
  private assetSeq = 9_000_000_000;
  /** every call an account made, by method (rate-limit and idempotency tests count them) */
  readonly calls = new Map<string, number>();

  private readonly seedInventory: string[] | null;
  private readonly behaviour: PlayerBehaviour;

  /**
   * `seedInventory`: a player first asked about gets these items (a local run, where trade links
   * are whatever the site's users saved); `acceptAfterMs`: players accept an active offer that
   * long after it was made (a local run; the tests decide each offer themselves).
   */
  constructor(o: { now?: () => number; seedInventory?: string[]; acceptAfterMs?: number; behaviour?: PlayerBehaviour } = {}) {
    this.now = o.now ?? Date.now;
    this.seedInventory = o.seedInventory ?? null;
    const after = o.acceptAfterMs;
    this.behaviour = o.behaviour ?? (after === undefined ? {} : { decide: (offer, now) => (now - offer.createdAt >= after ? "accepted" : null) });
  }

  /** Replaces a player's inventory (a test control): answers the new assets. */
  setInventory(steamId: string, token: string, items: Array<{ name: string; tradable: boolean; tradableAfter?: number | null }>): Asset[] {
    const p = this.playerOf(steamId, token);
    p.items = items.map((i) => this.newAsset(i.name, i.tradable, i.tradableAfter ?? null));
    return p.items.map((a) => ({ ...a }));
  }

  /** Gives a bot account these items (a test control: the house's items a withdrawal names). */
  stock(account: string, names: string[]): void {
    const bot = this.bot(account);
    for (const n of names) bot.items.push(this.newAsset(n));
  }

  /** An active offer runs out (a test control). */
  expire(offerId: string): void {
    const o = this.offer(offerId);
    if (o.status === OfferStatus.Active) o.status = OfferStatus.Expired;
  }

  private reachable(steamId: string): void {
    if (this.behaviour.down?.(steamId)) throw new SteamError("unanswered", "Steam did not answer");
  }

  private newAsset(marketHashName: string, tradable = true, tradableAfter: number | null = null): Asset {
    this.assetSeq += 1;
    return { assetId: String(this.assetSeq), marketHashName, tradable, tradableAfter: tradable ? null : tradableAfter };
  }

  /** A player with a public CS2 inventory of these items (tradable unless said). */
  player(steamId: string, token: string, items: Array<string | { name: string; tradable: boolean }>, o: { escrowDays?: number } = {}): Asset[] {
    const assets = items.map((i) => (typeof i === "string" ? this.newAsset(i) : this.newAsset(i.name, i.tradable)));
    this.players.set(steamId, { token, items: assets, escrowDays: o.escrowDays ?? 0, private: false });
    return assets;
  }

  /** A bot account holding these items; `confirmations`: its offers wait for the mobile confirmation (as Steam's do when they give items). */
  account(name: string, items: string[], o: { confirmations?: boolean; escrowDays?: number } = {}): SteamAccount {
    this.bots.set(name, { status: "online", items: items.map((n) => this.newAsset(n)), escrowDays: o.escrowDays ?? 0, confirmations: o.confirmations ?? true });
    return new SimAccount(this, name);
  }

  // ── controls ──────────────────────────────────────────────────────────────
  statusOf(account: string): AccountStatus {
    return this.bot(account).status;
  }

  setStatus(account: string, status: AccountStatus): void {
    this.bot(account).status = status;
  }

  /** The next call(s) of `method` on `account` fail this way, one fault per call. */
  fail(account: string, method: Method, ...faults: Fault[]): void {
    const key = `${account}:${method}`;
    this.faults.set(key, [...(this.faults.get(key) ?? []), ...faults]);
  }

  setEscrow(steamId: string, days: number): void {
    this.playerOf(steamId).escrowDays = days;
  }

  /** The player acts on an offer: accept (the items change hands), decline, counter. */
  decide(offerId: string, status: typeof OfferStatus.Accepted | typeof OfferStatus.Declined | typeof OfferStatus.Countered | typeof OfferStatus.InEscrow): void {
    const o = this.offer(offerId);
    if (o.status !== OfferStatus.Active) throw new Error(`offer ${offerId} is not active`);
    if (status === OfferStatus.Accepted) this.deliver(o);
    o.status = status;
  }

  /** Someone holding the player's stolen API key cancels the real offer (the scam's first step). */
  cancelByOther(offerId: string): void {
    this.offer(offerId).status = OfferStatus.Canceled;
  }

  /** The player (or a scammer's script) edits a deposit offer's items: Steam shows a counter-offer. */
  swapItems(offerId: string, receive: string[]): void {
    const o = this.offer(offerId);
    o.receive = receive;
  }

  offersOf(account?: string): OfferView[] {
    return [...this.offers.values()].filter((o) => account === undefined || o.account === account).map((o) => ({ ...o }));
  }

  inventoryNow(steamId: string): Asset[] {
    return [...this.playerOf(steamId).items];
  }

  botItems(account: string): Asset[] {
    return [...this.bot(account).items];
  }

  // ── what SimAccount calls ─────────────────────────────────────────────────
  call(account: string, method: Method): void {
    this.calls.set(`${account}:${method}`, (this.calls.get(`${account}:${method}`) ?? 0) + 1);
    const status = this.bot(account).status;
    if (status !== "online") throw new SteamError("unanswered", `${account} is ${status}`);
    const queue = this.faults.get(`${account}:${method}`);
    const fault = queue?.shift();
    if (fault && fault !== "lost") throw new SteamError(fault, `injected ${fault} on ${method}`);
    if (fault === "lost") this.lostNext.add(account);
  }

  private readonly lostNext = new Set<string>();

  ownInventory(account: string): Asset[] {
    return this.bot(account).items.map((a) => ({ ...a }));
  }

  inventoryOf(steamId: string): Asset[] {
    this.reachable(steamId);
    const p = this.playerOf(steamId);
    if (p.private) throw new SteamError("refused", "no such inventory");
    return p.items.map((a) => ({ ...a }));
  }

  escrowDays(account: string, partner: Partner): { theirs: number; mine: number } {
    this.reachable(partner.steamId);
    const p = this.playerOf(partner.steamId, partner.token);
    if (p.token !== partner.token) throw new SteamError("refused", "bad trade token");
    return { theirs: p.escrowDays, mine: this.bot(account).escrowDays };
  }

  sendOffer(account: string, o: { partner: Partner; give: string[]; receive: string[]; message: string }): SentOffer {
    this.reachable(o.partner.steamId);
    if (this.behaviour.refuses?.(o.partner.steamId)) throw new SteamError("refused", "Steam refused the offer");
    const p = this.playerOf(o.partner.steamId, o.partner.token);
    if (p.token !== o.partner.token) throw new SteamError("refused", "bad trade link");
    const bot = this.bot(account);
    const has = (items: Asset[], ids: string[]) => ids.every((id) => items.some((a) => a.assetId === id && a.tradable));
    if (!has(bot.items, o.give) || !has(p.items, o.receive)) throw new SteamError("refused", "an item is not there or not tradable");
    this.seq += 1;
    const offer: SimOffer = {
      offerId: String(5_000_000_000 + this.seq),
      status: bot.confirmations && o.give.length > 0 ? OfferStatus.CreatedNeedsConfirmation : OfferStatus.Active,
      give: [...o.give],
      receive: [...o.receive],
      message: o.message,
      account,
      partner: o.partner.steamId,
      createdAt: this.now(),
    };
    this.offers.set(offer.offerId, offer);
    if (this.lostNext.delete(account)) throw new SteamError("unanswered", "the answer was lost");
    return { offerId: offer.offerId, status: offer.status };
  }

  confirm(account: string, offerId: string): void {
    const o = this.offer(offerId);
    if (o.account !== account) throw new SteamError("refused", "not this account's offer");
    if (o.status === OfferStatus.CreatedNeedsConfirmation) o.status = OfferStatus.Active;
  }

  getOffer(account: string, offerId: string): OfferView {
    const o = this.offer(offerId);
    if (o.account !== account) throw new SteamError("refused", "not this account's offer");
    this.reachable(o.partner);
    const decision = o.status === OfferStatus.Active ? this.behaviour.decide?.(o, this.now()) : null;
    if (decision) this.decide(o.offerId, decision === "accepted" ? OfferStatus.Accepted : OfferStatus.Declined);
    return { offerId: o.offerId, status: o.status, give: [...o.give], receive: [...o.receive], message: o.message };
  }

  cancelOffer(account: string, offerId: string): void {
    const o = this.offer(offerId);
    if (o.account !== account) throw new SteamError("refused", "not this account's offer");
    this.reachable(o.partner);
    // an offer the player decided meanwhile stays decided
    const decision = o.status === OfferStatus.Active ? this.behaviour.decide?.(o, this.now()) : null;
    if (decision) this.decide(o.offerId, decision === "accepted" ? OfferStatus.Accepted : OfferStatus.Declined);
    if (o.status === OfferStatus.Active || o.status === OfferStatus.CreatedNeedsConfirmation) o.status = OfferStatus.Canceled;
  }

  findSent(account: string, text: string, since: number): OfferView[] {
    return [...this.offers.values()]
      .filter((o) => o.account === account && o.createdAt >= since && o.message.includes(text))
      .map((o) => ({ offerId: o.offerId, status: o.status, give: [...o.give], receive: [...o.receive], message: o.message }));
  }

  // ── inside ────────────────────────────────────────────────────────────────
  private deliver(o: SimOffer): void {
    const bot = this.bot(o.account);
    const p = this.playerOf(o.partner);
    const take = (from: Asset[], ids: string[]) => ids.map((id) => from.splice(from.findIndex((a) => a.assetId === id), 1)[0]!);
    // Steam gives traded items new asset ids, protected for 7 days (Trade Protection)
    const protectedUntil = this.now() + TRADE_PROTECTION_MS;
    for (const a of take(bot.items, o.give)) p.items.push(this.newAsset(a.marketHashName, false, protectedUntil));
    for (const a of take(p.items, o.receive)) bot.items.push(this.newAsset(a.marketHashName, false, protectedUntil));
  }

  private bot(name: string) {
    const b = this.bots.get(name);
    if (!b) throw new Error(`no bot account ${name}`);
    return b;
  }

  /** A known player, or — with a seed inventory — a new one (its token: the first one seen). */
  private playerOf(steamId: string, token?: string) {
    let p = this.players.get(steamId);
    if (!p && this.seedInventory) {
      p = { token: token ?? "", items: this.seedInventory.map((n) => this.newAsset(n)), escrowDays: 0, private: false };
      this.players.set(steamId, p);
    }
    if (!p) throw new SteamError("refused", "no such player");
    if (!p.token && token) p.token = token;
    return p;
  }

  private offer(offerId: string): SimOffer {
    const o = this.offers.get(offerId);
    if (!o) throw new SteamError("refused", "no such offer");
    return o;
  }
}

/** One bot account of the simulated Steam. */
class SimAccount implements SteamAccount {
  readonly name: string;
  private readonly steam: SimulatedSteam;

  constructor(steam: SimulatedSteam, name: string) {
    this.steam = steam;
    this.name = name;
  }

  status(): AccountStatus {
    try {
      return this.steam.statusOf(this.name);
    } catch {
      return "offline";
    }
  }

  private async run<T>(method: Method, body: () => T): Promise<T> {
    await Promise.resolve(); // answers come later, as a network's do
    this.steam.call(this.name, method);
    return body();
  }

  ownInventory() {
    return this.run("ownInventory", () => this.steam.ownInventory(this.name));
  }
  inventoryOf(steamId: string) {
    return this.run("inventoryOf", () => this.steam.inventoryOf(steamId));
  }
  escrowDays(partner: Partner) {
    return this.run("escrowDays", () => this.steam.escrowDays(this.name, partner));
  }
  sendOffer(o: { partner: Partner; give: string[]; receive: string[]; message: string }) {
    return this.run("sendOffer", () => this.steam.sendOffer(this.name, o));
  }
  confirm(offerId: string) {
    return this.run("confirm", () => this.steam.confirm(this.name, offerId));
  }
  getOffer(offerId: string) {
    return this.run("getOffer", () => this.steam.getOffer(this.name, offerId));
  }
  cancelOffer(offerId: string) {
    return this.run("cancelOffer", () => this.steam.cancelOffer(this.name, offerId));
  }
  findSent(text: string, since: number) {
    return this.run("findSent", () => this.steam.findSent(this.name, text, since));
  }
}
