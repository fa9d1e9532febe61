// /admin/tickets (docs/support.md "The staff queue"): the support queue for moderators and admins
// (others see a note; the server checks the role anyway). Open tickets oldest first (the longest
// wait on top) or closed ones latest first — the filter is in the URL (?status=closed) — with the
// player, the subject, the waiting time and an unread mark; "Load more" follows the `next`
// cursor. A `ticketQueue` hub frame refetches it live (live.ts). A row opens /admin/tickets/:id.
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import type { StaffTicketSummaryJson } from "../../../../shared/api/tickets";
import { failureKey } from "../../lib/api";
import { displayMessage } from "../../lib/i18n";
import { isStaff, useCurrentUser } from "../../lib/session/useCurrentUser";
import { EmptyState } from "../../ui/EmptyState";
import { ListIcon } from "../../ui/icons";
import { Skeleton, Spinner } from "../../ui/Spinner";
import { LoadFailed, SignInPrompt } from "../../ui/StateNote";
import { UserAvatar } from "../../ui/UserAvatar";
import { dateTime, waited } from "./format";
import type { QueueStatus } from "./keys";
import { useQueue } from "./queries";
import { ReferenceLabel } from "./TicketSummary";
import "./support.css";

const STATUSES: readonly QueueStatus[] = ["open", "closed"];

function queueStatusOf(params: URLSearchParams): QueueStatus {
  return params.get("status") === "closed" ? "closed" : "open";
}

export function StaffGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation("support");
  const user = useCurrentUser();
  if (user.isPending) return <Spinner />;
  if (!user.data) return <SignInPrompt message={t("staff.signed_out")} button={t("login")} />;
  if (!isStaff(user.data))
    return (
      <p className="state-note" data-testid="staff-forbidden">
        {t("staff.forbidden")}
      </p>
    );
  return children;
}

export default function StaffQueuePage() {
  const { t } = useTranslation("support");
  return (
    <div className="support-page support-page--wide" data-testid="staff-queue-page">
      <h1>{t("staff.title")}</h1>
      <StaffGate>
        <Queue />
      </StaffGate>
    </div>
  );
}

function Queue() {
  const { t } = useTranslation("support");
  const { t: tCommon } = useTranslation();
  const [params] = useSearchParams();
  const status = queueStatusOf(params);
  const queue = useQueue(status, true);
  const pages = queue.data?.pages ?? [];
  const rows = pages.flatMap((p) => p.tickets);
  const open = pages[0]?.open;

  let content: ReactNode;
  if (queue.isPending) content = <Skeleton width="100%" height={160} />;
  else if (queue.isError)
    content = (
      <LoadFailed
        message={displayMessage(failureKey(queue.error, "ticket_error.load_tickets") ?? "ticket_error.load_tickets", tCommon)}
        onRetry={() => void queue.refetch()}
      />
    );
  else if (rows.length === 0) content = <EmptyState title={t(status === "open" ? "staff.empty_open" : "staff.empty_closed")} icon={<ListIcon />} />;
  else
    content = (
      <>
        <ul className="support-list" aria-busy={queue.isFetching || undefined} data-testid="staff-queue">
          {rows.map((row) => (
            <QueueRow key={row.id} row={row} status={status} />
          ))}
        </ul>
        {queue.hasNextPage ? (
          <div className="support-actions support-actions--center">
            <button
              type="button"
              className="button"
              disabled={queue.isFetchingNextPage}
              aria-busy={queue.isFetchingNextPage || undefined}
              onClick={() => void queue.fetchNextPage()}
              data-testid="staff-queue-more"
            >
              {queue.isFetchingNextPage ? t("staff.loading_more") : t("staff.load_more")}
            </button>
          </div>
        ) : null}
      </>
    );

  return (
    <>
      <nav className="support-tabs" aria-label={t("staff.filter")}>
        {STATUSES.map((s) => (
          <Link
            key={s}
            to={{ search: s === "open" ? "" : "?status=closed" }}
            replace
            className={`support-tab${s === status ? " is-on" : ""}`}
            aria-current={s === status ? "page" : undefined}
            data-testid={`staff-filter-${s}`}
          >
            {t(`staff.filter_${s}`)}
          </Link>
        ))}
      </nav>
      {open !== undefined ? (
        <p className="support-hint" aria-live="polite" data-testid="staff-open-count">
          {t("staff.open_count", { count: open })}
        </p>
      ) : null}
      {content}
    </>
  );
}

function QueueRow({ row, status }: { row: StaffTicketSummaryJson; status: QueueStatus }) {
  const { t, i18n } = useTranslation("support");
  const since = status === "open" ? row.created_at : row.updated_at;
  return (
    <li>
      <Link to={`/admin/tickets/${row.id}`} className={`support-row${row.unread ? " is-unread" : ""}`} data-testid="staff-queue-row">
        <span className="support-row__top">
          <span className="support-row__player">
            <UserAvatar userId={row.user.id} avatar={row.user.avatar} username={row.user.username} size={24} />
            <span className="participant-name">{row.user.username}</span>
          </span>
          {row.unread ? <span className="support-badge support-badge--new">{t("staff.unread")}</span> : null}
          <span className="support-row__number">{t("ticket.number", { id: row.id })}</span>
        </span>
        <span className="support-row__subject">{row.subject}</span>
        <span className="support-row__meta">
          {status === "open" ? (
            <span>
              {t("staff.waiting", { time: waited(since, Date.now(), i18n.language) })} ·{" "}
              <time dateTime={new Date(since).toISOString()}>{dateTime(since, i18n.language)}</time>
            </span>
          ) : (
            <span>
              {t("staff.updated")} <time dateTime={new Date(since).toISOString()}>{dateTime(since, i18n.language)}</time>
            </span>
          )}
          <span>{t(row.last_from === "player" ? "staff.last_player" : "staff.last_staff")}</span>
          {row.reference ? <ReferenceLabel reference={row.reference} /> : null}
          <span>{t("tickets.messages", { count: row.messages_count })}</span>
        </span>
      </Link>
    </li>
  );
}
