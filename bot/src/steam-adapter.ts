// The only code that touches the Steam libraries (docs/trade-bot.md "Steam layer"): each bot
// account signed in with steam-user (its Steam Guard code from steam-totp and the account's
// shared secret; the refresh token kept in the data folder so a restart is not a new sign-in,
// which Steam would answer with a 7-day trade lock), its web session handed to steamcommunity
// (mobile confirmations, signed with the identity secret) and steam-tradeoffer-manager (offers,
// inventories, hold checks). Thin on purpose: every rule is in service.ts, tested against
// simulated-steam.ts; this file maps calls and errors, nothing more.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import SteamTotp from "steam-totp";
import SteamUser from "steam-user";
import SteamID from "steamid";
import SteamCommunity from "steamcommunity";
import TradeOfferManager from "steam-tradeoffer-manager";
import { z } from "zod";
import { type AccountStatus, type Asset, type OfferStatus, type OfferView, type Partner, type SentOffer, type SteamAccount, SteamError } from "./steam.ts";

const CS2 = { appid: 730, contextid: "2" } as const;

/** BOT_ACCOUNTS_FILE: the accounts and their Steam Guard secrets (docs/trade-bot.md "Accounts"). */
const accountsFile = z.array(
  z.object({
    name: z.string().regex(/^[a-z0-9-]{1,32}$/),
    account_name: z.string().min(1),
    password: z.string().min(1),
    shared_secret: z.string().min(1),
    identity_secret: z.string().min(1),
  }),
);

// The libraries' objects, as far as this file uses them (they ship no types of their own).
interface LibItem {
  assetid: string;
  market_hash_name: string;
  tradable: boolean;
  /** ISO time: for a CS2 item, when its trade hold ends (the library reads it from the item's "Tradable/Marketable After" line) */
  cache_expiration?: string;
}
interface LibOffer {
  id: string;
  state: number;
  message: string;
  created: Date;
  itemsToGive: LibItem[];
  itemsToReceive: LibItem[];
  addMyItems(items: object[]): void;
  addTheirItems(items: object[]): void;
  setMessage(message: string): void;
  send(cb: (err: Error | null, status?: string) => void): void;
  cancel(cb: (err: Error | null) => void): void;
  getUserDetails(cb: (err: Error | null, me: { escrowDays: number }, them: { escrowDays: number }) => void): void;
}
interface LibManager {
  setCookies(cookies: string[], cb: (err: Error | null) => void): void;
  createOffer(partner: SteamID, token?: string): LibOffer;
  getOffer(id: string, cb: (err: Error | null, offer: LibOffer) => void): void;
  getOffers(filter: number, cutoff: Date, cb: (err: Error | null, sent: LibOffer[], received: LibOffer[]) => void): void;
  getInventoryContents(appid: number, contextid: string, tradableOnly: boolean, cb: (err: Error | null, items: LibItem[]) => void): void;
  getUserInventoryContents(steamId: SteamID, appid: number, contextid: string, tradableOnly: boolean, cb: (err: Error | null, items: LibItem[]) => void): void;
}

/** Steam's failure → what the service may conclude from it. */
function steamError(err: unknown): SteamError {
  const e = err as { message?: string; eresult?: number; cause?: string };
  const message = e?.message ?? String(err);
  // 429, or error 25 LimitExceeded (too many open offers): nothing was made; back off
  if (/\b429\b/.test(message) || e?.eresult === 25 || e?.cause === "OfferLimitExceeded") return new SteamError("rate_limited", message);
  // Steam's own refusals: 8 InvalidParam, 15 AccessDenied (a bad token, the partner cannot
  // trade), 26 Revoked; a ban, a new device, an item gone or an inventory not public
  const refused =
    [8, 15, 26].includes(e?.eresult ?? -1) ||
    ["TradeBan", "NewDevice", "TargetCannotTrade"].includes(e?.cause ?? "") ||
    /trade url|trade offer access token|not.*tradable|inventory.*private/i.test(message);
  // anything else — a timeout, a dropped connection, a 5xx, the unknown — may have made the offer
  return new SteamError(refused ? "refused" : "unanswered", message);
}

const call = <T>(run: (cb: (err: Error | null, value?: T) => void) => void): Promise<T> =>
  new Promise((resolve, reject) => run((err, value) => (err ? reject(steamError(err)) : resolve(value as T))));

const asset = (i: LibItem): Asset => {
  const tradable = Boolean(i.tradable);
  const after = !tradable && i.cache_expiration ? Date.parse(i.cache_expiration) : Number.NaN;
  return { assetId: String(i.assetid), marketHashName: i.market_hash_name, tradable, tradableAfter: Number.isFinite(after) ? after : null };
};

/** The partner's SteamID, refused unless it is an individual account in the public universe. */
function steamIdOf(steamId64: string): SteamID {
  let id: SteamID;
  try {
    id = new SteamID(steamId64);
  } catch {
    throw new SteamError("refused", `not a SteamID: ${steamId64}`);
  }
  if (!id.isValidIndividual()) throw new SteamError("refused", `not an individual Steam account: ${steamId64}`);
  return id;
}
const view = (o: LibOffer): OfferView => ({
  offerId: String(o.id),
  status: o.state as OfferStatus,
  give: o.itemsToGive.map((i) => String(i.assetid)),
  receive: o.itemsToReceive.map((i) => String(i.assetid)),
  message: o.message ?? "",
});

class LiveAccount implements SteamAccount {
  readonly name: string;
  private state: AccountStatus = "offline";
  private readonly client: { on: (event: string, fn: (...a: never[]) => void) => void; logOn: (details: object) => void; webLogOn: () => void };
  private readonly community: {
    on: (event: string, fn: (...a: never[]) => void) => void;
    setCookies(c: string[]): void;
    acceptConfirmationForObject(secret: string, id: string, cb: (err: Error | null) => void): void;
  };
  private readonly manager: LibManager;
  private readonly identitySecret: string;

  constructor(a: z.infer<typeof accountsFile>[number], dataDir: string) {
    this.name = a.name;
    this.identitySecret = a.identity_secret;
    const tokenFile = path.join(dataDir, `${a.name}.refresh-token`);
    this.client = new SteamUser({ dataDirectory: dataDir, autoRelogin: true });
    this.community = new SteamCommunity();
    this.manager = new TradeOfferManager({ steam: this.client, community: this.community, language: "en", useAccessToken: true, pollInterval: -1 });
    this.client.on("refreshToken", (token: string) => writeFileSync(tokenFile, token, { mode: 0o600 }));
    this.client.on("loggedOn", () => {
      console.log(JSON.stringify({ msg: "signed in", account: this.name }));
    });
    // online only once the web session (offers, inventories, confirmations) works
    this.client.on("webSession", (_session: string, cookies: string[]) => {
      this.community.setCookies(cookies);
      this.manager.setCookies(cookies, (err) => {
        if (err) {
          this.state = "offline";
          console.warn(JSON.stringify({ msg: "web session refused", account: this.name, error: err.message }));
        } else this.state = "online";
      });
    });
    // the web session expires (about daily): renewed, the account out of the pool meanwhile
    this.community.on("sessionExpired", () => {
      this.state = "offline";
      console.warn(JSON.stringify({ msg: "web session expired, renewing", account: this.name }));
      this.client.webLogOn();
    });
    this.client.on("disconnected", () => {
      this.state = "offline";
    });
    this.client.on("error", (err: { eresult?: number; message?: string }) => {
      // 18 AccountNotFound, 43 AccountDisabled, 73 AccountLoginDeniedNeedTwoFactor, 84 RateLimitExceeded…
      this.state = err.eresult === 84 ? "rate_limited" : err.eresult === 43 || err.eresult === 73 ? "locked" : "offline";
      console.error(JSON.stringify({ msg: "sign-in failed", account: this.name, eresult: err.eresult, error: err.message }));
    });
    const refreshToken = existsSync(tokenFile) ? readFileSync(tokenFile, "utf8").trim() : "";
    this.client.logOn(
      refreshToken
        ? { refreshToken }
        : { accountName: a.account_name, password: a.password, twoFactorCode: SteamTotp.generateAuthCode(a.shared_secret) },
    );
  }

  status(): AccountStatus {
    return this.state;
  }

  async ownInventory(): Promise<Asset[]> {
    const items = await call<LibItem[]>((cb) => this.manager.getInventoryContents(CS2.appid, CS2.contextid, false, cb));
    return items.map(asset);
  }

  async inventoryOf(steamId: string): Promise<Asset[]> {
    const items = await call<LibItem[]>((cb) => this.manager.getUserInventoryContents(steamIdOf(steamId), CS2.appid, CS2.contextid, false, cb));
    return items.map(asset);
  }

  escrowDays(partner: Partner): Promise<{ theirs: number; mine: number }> {
    const offer = this.manager.createOffer(steamIdOf(partner.steamId), partner.token);
    return new Promise((resolve, reject) =>
      offer.getUserDetails((err, me, them) => (err ? reject(steamError(err)) : resolve({ theirs: them.escrowDays, mine: me.escrowDays }))),
    );
  }

  async sendOffer(o: { partner: Partner; give: string[]; receive: string[]; message: string }): Promise<SentOffer> {
    const offer = this.manager.createOffer(steamIdOf(o.partner.steamId), o.partner.token);
    offer.addMyItems(o.give.map((assetid) => ({ ...CS2, assetid })));
    offer.addTheirItems(o.receive.map((assetid) => ({ ...CS2, assetid })));
    offer.setMessage(o.message);
    const status = await call<string>((cb) => offer.send(cb));
    // "pending": made, waiting for the mobile confirmation (service.ts confirms it)
    return { offerId: String(offer.id), status: (status === "pending" ? 9 : 2) as OfferStatus };
  }

  confirm(offerId: string): Promise<void> {
    return call<void>((cb) => this.community.acceptConfirmationForObject(this.identitySecret, offerId, cb));
  }

  async getOffer(offerId: string): Promise<OfferView> {
    return view(await call<LibOffer>((cb) => this.manager.getOffer(offerId, cb)));
  }

  async cancelOffer(offerId: string): Promise<void> {
    const offer = await call<LibOffer>((cb) => this.manager.getOffer(offerId, cb));
    await call<void>((cb) => offer.cancel(cb));
  }

  async findSent(text: string, since: number): Promise<OfferView[]> {
    // EOfferFilter.All = 3: active and historical offers created since the cutoff
    const sent = await new Promise<LibOffer[]>((resolve, reject) =>
      this.manager.getOffers(3, new Date(since), (err, list) => (err ? reject(steamError(err)) : resolve(list))),
    );
    return sent.filter((o) => (o.message ?? "").includes(text)).map(view);
  }
}

/** Signs every account of the file in (asynchronously: each reports "online" once Steam accepts it). */
export function signInAccounts(file: string, dataDir: string): SteamAccount[] {
  const list = accountsFile.parse(JSON.parse(readFileSync(file, "utf8")));
  return list.map((a) => new LiveAccount(a, dataDir));
}
