// One ticket's reference in words ("Crash round #123"), with a link to it where it has a page.
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type ReferenceJson, referenceHref } from "./reference";

export function ReferenceLabel({ reference, link = false }: { reference: ReferenceJson; link?: boolean }) {
  const { t } = useTranslation("support");
  const text = t(`reference.${reference.kind}`, { id: reference.id });
  const href = link ? referenceHref(reference) : null;
  return href ? (
    <Link to={href} className="support-ref-link" data-testid="ticket-reference">
      {text}
    </Link>
  ) : (
    <span data-testid="ticket-reference">{text}</span>
  );
}

export function StatusBadge({ status }: { status: 0 | 1 }) {
  const { t } = useTranslation("support");
  return <span className={`support-status support-status--${status === 0 ? "open" : "closed"}`}>{t(status === 0 ? "status.open" : "status.closed")}</span>;
}
