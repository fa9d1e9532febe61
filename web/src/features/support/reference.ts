// A ticket's reference (shared/api/tickets.ts ticketReference): read from the support page's
// ?ref=<kind>:<id> (lib/supportLink.ts makes it) and linked to the page it is about.
import { type TicketJson, type TicketReference, ticketReference } from "../../../../shared/api/tickets";

export type ReferenceJson = NonNullable<TicketJson["reference"]>;

/** ?ref=crash:123 → { kind: "crash", id: 123 }; anything else → null. */
export function referenceFromQuery(value: string | null): TicketReference | null {
  if (!value) return null;
  const colon = value.indexOf(":");
  if (colon <= 0) return null;
  const parsed = ticketReference.safeParse({ kind: value.slice(0, colon), id: value.slice(colon + 1) });
  return parsed.success ? parsed.data : null;
}

/** Where a reference leads: the round's page, the profile's deposits; a case opening has no page of its own. */
export function referenceHref(ref: ReferenceJson): string | null {
  switch (ref.kind) {
    case "crash":
      return `/crash/${ref.id}`;
    case "jackpot":
      return `/jackpot/${ref.id}`;
    case "wheel":
      return `/wheel/${ref.id}`;
    case "payment":
      return "/profile#profile-money-deposits";
    default:
      return null;
  }
}
