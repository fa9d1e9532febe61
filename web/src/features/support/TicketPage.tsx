// /ticket/:id (spec §2, §5 Tickets): one of the player's tickets — subject, status, what it is
// about (a link to the round or the deposits), the conversation (a log region), a reply box (off
// on a closed ticket) and Close with a confirm. A staff reply, close or reopen arrives live (the
// hub's `ticket` frame refetches it, live.ts); the bell row comes from the notifications feature.
// An id that is not plain digits is ticket_error.invalid_id; another player's ticket is
// ticket_api.ticket_not_found, like one that does not exist.
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import type { TicketJson } from "../../../../shared/api/tickets";
import { ApiError, failureKey } from "../../lib/api";
import { displayMessage } from "../../lib/i18n";
import { useCurrentUser } from "../../lib/session/useCurrentUser";
import { notify, useUiStore } from "../../lib/uiStore";
import { EmptyState } from "../../ui/EmptyState";
import { SupportIcon } from "../../ui/icons";
import { Modal } from "../../ui/Modal";
import { Skeleton, Spinner } from "../../ui/Spinner";
import { LoadFailed, SignInPrompt } from "../../ui/StateNote";
import { dateTime } from "./format";
import { MessageBox } from "./MessageBox";
import { useCloseTicket, useSendMessage, useTicket } from "./queries";
import { ReferenceLabel, StatusBadge } from "./TicketSummary";
import { Thread } from "./Thread";
import { ticketIdFrom } from "./ticketId";
import "./support.css";

const CLOSE_MODAL = "ticketClose";

export default function TicketPage() {
  const { t } = useTranslation("support");
  const { t: tCommon } = useTranslation();
  const param = useParams().id;
  const id = ticketIdFrom(param);
  const user = useCurrentUser();
  const ticket = useTicket(id, !!user.data);

  let body: ReactNode;
  if (id === null) body = <Missing text={displayMessage("ticket_error.invalid_id", tCommon)} />;
  else if (user.isPending) body = <Spinner />;
  else if (!user.data) body = <SignInPrompt message={t("ticket.signed_out")} button={t("login")} />;
  else if (ticket.isPending) body = <Skeleton width="100%" height={240} />;
  else if (ticket.error instanceof ApiError && (ticket.error.status === 404 || ticket.error.status === 400))
    body = <Missing text={displayMessage(ticket.error.key, tCommon)} />;
  else if (ticket.isError)
    body = (
      <LoadFailed
        message={displayMessage(failureKey(ticket.error, "ticket_error.load_by_id") ?? "ticket_error.load_by_id", tCommon)}
        onRetry={() => void ticket.refetch()}
      />
    );
  else return <TicketView ticket={ticket.data} routeId={id} />;

  return (
    <div className="support-page" data-testid="ticket-page">
      <BackLink />
      <h1>{id === null ? t("ticket.title") : t("ticket.number", { id })}</h1>
      {body}
    </div>
  );
}

function BackLink() {
  const { t } = useTranslation("support");
  return (
    <Link to="/support" className="page-link support-back">
      {t("ticket.back")}
    </Link>
  );
}

function Missing({ text }: { text: string }) {
  const { t } = useTranslation("support");
  return (
    <div data-testid="ticket-missing">
      <EmptyState title={text} icon={<SupportIcon />}>
        <Link to="/support" className="page-link">
          {t("ticket.back")}
        </Link>
      </EmptyState>
    </div>
  );
}

function TicketView({ ticket, routeId }: { ticket: TicketJson; routeId: number }) {
  const { t, i18n } = useTranslation("support");
  const openModal = useUiStore((s) => s.openModal);
  const send = useSendMessage(routeId);
  const [problem, setProblem] = useState<string | null>(null);
  const closed = ticket.status === 1;
  // §5: writing or closing needs the loaded ticket to be the one of the address
  const matches = ticket.id === routeId;

  return (
    <div className="support-page" data-testid="ticket-page">
      <BackLink />
      <header className="support-ticket-head">
        <h1 data-testid="ticket-subject-title">{ticket.subject}</h1>
        <div className="support-ticket-meta">
          <StatusBadge status={ticket.status} />
          <span>{t("ticket.number", { id: ticket.id })}</span>
          <span>
            {t("ticket.opened")} <time dateTime={new Date(ticket.created_at).toISOString()}>{dateTime(ticket.created_at, i18n.language)}</time>
          </span>
          {ticket.reference ? (
            <span>
              {t("form.about")} <ReferenceLabel reference={ticket.reference} link />
            </span>
          ) : null}
        </div>
      </header>
      <section className="support-card" aria-labelledby="ticket-thread-title">
        <h2 id="ticket-thread-title" className="support-subtitle">
          {t("thread.title")}
        </h2>
        <Thread messages={ticket.messages} side="player" label={t("thread.label", { id: ticket.id })} />
        <MessageBox
          closed={closed}
          closedNote={t("ticket.closed_note")}
          label={t("thread.reply")}
          busy={send.isPending}
          problem={problem}
          onSend={async (message) => {
            if (!matches) {
              setProblem("ticket_error.invalid_id");
              return false;
            }
            setProblem(null);
            try {
              await send.mutateAsync(message);
              return true;
            } catch (err) {
              setProblem(failureKey(err, "ticket_error.send_message"));
              return false;
            }
          }}
        />
        {closed ? (
          <p>
            <Link to="/support#new-ticket" className="page-link">
              {t("ticket.new")}
            </Link>
          </p>
        ) : (
          <div className="support-actions support-actions--start">
            <button type="button" className="button" onClick={() => openModal(CLOSE_MODAL)} data-testid="ticket-close">
              {t("ticket.close")}
            </button>
          </div>
        )}
      </section>
      <Modal name={CLOSE_MODAL} title={t("ticket.close_title", { id: ticket.id })} size="sm">
        <CloseConfirm id={routeId} matches={matches} />
      </Modal>
    </div>
  );
}

function CloseConfirm({ id, matches }: { id: number; matches: boolean }) {
  const { t } = useTranslation("support");
  const closeModal = useUiStore((s) => s.closeModal);
  const close = useCloseTicket(id);
  return (
    <div className="support-confirm">
      <p>{t("ticket.close_text")}</p>
      <div className="support-actions">
        <button type="button" className="button" onClick={closeModal}>
          {t("confirm.cancel")}
        </button>
        <button
          type="button"
          className="button button-primary"
          disabled={close.isPending}
          aria-busy={close.isPending || undefined}
          data-testid="ticket-close-confirm"
          onClick={() => {
            if (!matches) {
              notify({ type: "error", message: "ticket_error.invalid_id" });
              return;
            }
            close.mutate(undefined, {
              onSuccess: () => {
                closeModal();
                notify({ type: "success", message: t("ticket.closed_done") });
              },
              onError: (err) => {
                const key = failureKey(err, "ticket_error.close");
                if (key) notify({ type: "error", message: key });
              },
            });
          }}
        >
          {t("ticket.close")}
        </button>
      </div>
    </div>
  );
}
