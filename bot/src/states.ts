// Steam's offer states onto the protocol's four (docs/trade-bot.md "Offer states"). The bot only
// reports; the worker decides what a state means for the money.
import { OfferStatus } from "./steam.ts";

export type ProtocolState = "active" | "accepted" | "declined" | "expired";

/**
 * What the service does with an offer Steam shows in `status`:
 * - `report`: answer this state;
 * - `confirm`: CreatedNeedsConfirmation — confirm it (mobile confirmation), then it is active;
 * - `scam`: a deposit offer Canceled or Countered by someone other than the service — the
 *   API-key scam's first step (a stolen key cancels the real offer and sends a look-alike): declined.
 */
export type Reading = { action: "report"; state: ProtocolState } | { action: "confirm" } | { action: "scam"; state: "declined" };

export function readStatus(status: OfferStatus, o: { kind: "withdraw" | "deposit"; cancelledByUs: boolean }): Reading {
  switch (status) {
    case OfferStatus.Active:
    case OfferStatus.InEscrow: // accepted, delivered when the hold ends (sends refuse holds up front)
      return { action: "report", state: "active" };
    case OfferStatus.CreatedNeedsConfirmation:
      return { action: "confirm" };
    case OfferStatus.Accepted:
      return { action: "report", state: "accepted" };
    case OfferStatus.Countered:
      return o.kind === "deposit" ? { action: "scam", state: "declined" } : { action: "report", state: "declined" };
    case OfferStatus.Declined:
      return { action: "report", state: "declined" };
    case OfferStatus.Canceled:
    case OfferStatus.CanceledBySecondFactor:
      if (o.kind === "deposit" && !o.cancelledByUs) return { action: "scam", state: "declined" };
      return { action: "report", state: "expired" };
    case OfferStatus.Expired:
    case OfferStatus.InvalidItems:
    case OfferStatus.Invalid:
      return { action: "report", state: "expired" };
  }
}

/** Whether Steam will not change the offer any more. */
export function isFinal(status: OfferStatus): boolean {
  return status !== OfferStatus.Active && status !== OfferStatus.InEscrow && status !== OfferStatus.CreatedNeedsConfirmation;
}
