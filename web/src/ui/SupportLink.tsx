// "Ask support about this round" (spec §5 Tickets): a link to the new-ticket form with the round,
// case opening or payment as the ticket's reference. Round pages and the deposit history use it.
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { TicketReferenceKind } from "../../../shared/api/tickets";
import { supportHref } from "../lib/supportLink";

export function SupportLink({ kind, id, className = "page-link" }: { kind: TicketReferenceKind; id: number | string; className?: string }) {
  const { t } = useTranslation("common");
  return (
    <Link to={supportHref(kind, id)} className={className} data-testid="support-link">
      {t(kind === "payment" ? "support_link.payment" : kind === "case" ? "support_link.case" : "support_link.round")}
    </Link>
  );
}
