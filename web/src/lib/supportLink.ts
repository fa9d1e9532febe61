// Where a "report a problem" link points (spec §5 Tickets): /support with the ticket's reference
// in the query (?ref=crash:123) and the new-ticket form as the fragment. The support page reads
// the reference back (features/support/reference.ts); rounds and payments link here.
import type { TicketReferenceKind } from "../../../shared/api/tickets";

export function supportHref(kind: TicketReferenceKind, id: number | string): string {
  return `/support?ref=${kind}:${encodeURIComponent(String(id))}#new-ticket`;
}
