// The narrow interface between the service and Steam (docs/trade-bot.md "Steam layer"). The only
// code that touches the Steam libraries is steam-adapter.ts, one SteamAccount per bot account;
// the tests and the local switch run simulated-steam.ts behind the same interface.

/** Steam's ETradeOfferState (the values the libraries report). */
export const OfferStatus = {
  Invalid: 1,
  Active: 2,
  Accepted: 3,
  Countered: 4,
  Expired: 5,
  Canceled: 6,
  Declined: 7,
  InvalidItems: 8,
  CreatedNeedsConfirmation: 9,
  CanceledBySecondFactor: 10,
  InEscrow: 11,
} as const;
export type OfferStatus = (typeof OfferStatus)[keyof typeof OfferStatus];

/** A CS2 item in an inventory or an offer. */
export interface Asset {
  assetId: string;
  marketHashName: string;
  /** false while Steam does not let it be traded (a trade hold, Trade Protection) */
  tradable: boolean;
  /** when a not-tradable item becomes tradable (ms since the epoch), when Steam says */
  tradableAfter: number | null;
}

/** Who is on the other side: the trade link's partner as a SteamID64, and its token. */
export interface Partner {
  steamId: string;
  token: string;
}

export interface SentOffer {
  offerId: string;
  status: OfferStatus;
}

/** An offer as Steam shows it now. */
export interface OfferView extends SentOffer {
  /** the asset ids the bot receives (a deposit) and gives (a withdrawal), as the offer stands */
  receive: string[];
  give: string[];
  message: string;
}

/** Why a bot account cannot be used now (the pool skips it and /health reports it). */
export type AccountStatus = "online" | "offline" | "rate_limited" | "locked";

/**
 * Steam's refusal of a call, with what it tells the service:
 * - `refused`: Steam will not make this offer (a bad trade link, the partner cannot trade, an
 *   item gone): no offer was made, nor will one be;
 * - `rate_limited`: HTTP 429 or error 25 LimitExceeded: no offer was made; back off;
 * - `unanswered`: a timeout or a dropped connection: an offer may have been made.
 */
export class SteamError extends Error {
  override name = "SteamError";
  readonly kind: "refused" | "rate_limited" | "unanswered";
  constructor(kind: "refused" | "rate_limited" | "unanswered", message: string) {
    super(message);
    this.kind = kind;
  }
}

/** One bot account signed in to Steam. */
export interface SteamAccount {
  readonly name: string;
  status(): AccountStatus;
  /** The bot's own CS2 inventory. */
  ownInventory(): Promise<Asset[]>;
  /** A player's CS2 inventory (public inventories only). */
  inventoryOf(steamId: string): Promise<Asset[]>;
  /** Days a trade with this partner would be held: theirs (they give) and the bot's (it gives). */
  escrowDays(partner: Partner): Promise<{ theirs: number; mine: number }>;
  sendOffer(offer: { partner: Partner; give: string[]; receive: string[]; message: string }): Promise<SentOffer>;
  /** Confirms an offer waiting for the mobile confirmation (the identity secret signs it). */
  confirm(offerId: string): Promise<void>;
  getOffer(offerId: string): Promise<OfferView>;
  cancelOffer(offerId: string): Promise<void>;
  /** The offers this account sent since `since` whose message contains `text` (finding a send whose answer was lost). */
  findSent(text: string, since: number): Promise<OfferView[]>;
}
