// /admin/tickets/:id (docs/support.md "The staff queue"): one ticket for staff — the conversation,
// what it is about (the crash round's hash, secret and multiplier; a jackpot or wheel round's
// hash and secret; a case opening's seeds and nonce; a payment's provider reports), the player's
// context (balance, latest deposits, withdrawals and bets, payments in review), a reply box and
// Close / Reopen with a confirm, each telling its result or the refusal. A `ticketQueue` frame
// about this ticket refetches it (live.ts).
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import type { StaffTicketAnswer } from "../../../../shared/api/tickets";
import { ApiError, failureKey } from "../../lib/api";
import { displayMessage } from "../../lib/i18n";
import { notify, useUiStore } from "../../lib/uiStore";
import { EmptyState } from "../../ui/EmptyState";
import { ListIcon } from "../../ui/icons";
import { Modal } from "../../ui/Modal";
import { Skeleton } from "../../ui/Spinner";
import { LoadFailed } from "../../ui/StateNote";
import { dateTime } from "./format";
import { MessageBox } from "./MessageBox";
import { type StaffAction, useStaffAction, useStaffReply, useStaffTicket } from "./queries";
import { StaffGate } from "./StaffQueuePage";
import { ContextSection, ReferenceSection } from "./StaffTicketFacts";
import { ReferenceLabel, StatusBadge } from "./TicketSummary";
import { Thread } from "./Thread";
import { ticketIdFrom } from "./ticketId";
import "./support.css";

const ACTION_MODAL = "staffTicketAction";

export default function StaffTicketPage() {
  const { t } = useTranslation("support");
  return (
    <div className="support-page support-page--wide" data-testid="staff-ticket-page">
      <Link to="/admin/tickets" className="page-link support-back">
        {t("staff.back")}
      </Link>
      <StaffGate>
        <Detail />
      </StaffGate>
    </div>
  );
}

function Detail() {
  const { t } = useTranslation("support");
  const { t: tCommon } = useTranslation();
  const id = ticketIdFrom(useParams().id);
  const answer = useStaffTicket(id, true);
  if (id === null || (answer.error instanceof ApiError && (answer.error.status === 404 || answer.error.status === 400)))
    return (
      <>
        <h1>{t("ticket.title")}</h1>
        <EmptyState title={displayMessage(answer.error instanceof ApiError ? answer.error.key : "ticket_error.invalid_id", tCommon)} icon={<ListIcon />} />
      </>
    );
  if (answer.isPending)
    return (
      <>
        <h1>{t("ticket.number", { id })}</h1>
        <Skeleton width="100%" height={240} />
      </>
    );
  if (answer.isError)
    return (
      <>
        <h1>{t("ticket.number", { id })}</h1>
        <LoadFailed
          message={displayMessage(failureKey(answer.error, "ticket_error.load_by_id") ?? "ticket_error.load_by_id", tCommon)}
          onRetry={() => void answer.refetch()}
        />
      </>
    );
  return <StaffTicket data={answer.data} />;
}

function StaffTicket({ data }: { data: StaffTicketAnswer }) {
  const { t, i18n } = useTranslation("support");
  const { ticket } = data;
  const reply = useStaffReply(ticket.id);
  const [problem, setProblem] = useState<string | null>(null);
  const [action, setAction] = useState<StaffAction>("close");
  const openModal = useUiStore((s) => s.openModal);
  const closed = ticket.status === 1;
  const ask = (a: StaffAction) => {
    setAction(a);
    openModal(ACTION_MODAL);
  };
  return (
    <>
      <header className="support-ticket-head">
        <h1 data-testid="staff-ticket-subject">{ticket.subject}</h1>
        <div className="support-ticket-meta">
          <StatusBadge status={ticket.status} />
          <span>{t("ticket.number", { id: ticket.id })}</span>
          <span>
            {t("staff.player")} <Link to={`/user/${ticket.user.id}`}>{ticket.user.username}</Link>
          </span>
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
      <div className="support-staff-grid">
        <section className="support-card" aria-labelledby="staff-thread-title">
          <h2 id="staff-thread-title" className="support-subtitle">
            {t("thread.title")}
          </h2>
          <Thread messages={ticket.messages} side="staff" label={t("thread.label", { id: ticket.id })} />
          <MessageBox
            closed={closed}
            closedNote={t("staff.closed_note")}
            label={t("staff.reply")}
            busy={reply.isPending}
            problem={problem}
            onSend={async (message) => {
              setProblem(null);
              try {
                await reply.mutateAsync(message);
                notify({ type: "success", message: t("staff.replied") });
                return true;
              } catch (err) {
                setProblem(failureKey(err, "ticket_error.send_message"));
                return false;
              }
            }}
          />
          <div className="support-actions support-actions--start">
            {closed ? (
              <button type="button" className="button" onClick={() => ask("reopen")} data-testid="staff-reopen">
                {t("staff.reopen")}
              </button>
            ) : (
              <button type="button" className="button" onClick={() => ask("close")} data-testid="staff-close">
                {t("ticket.close")}
              </button>
            )}
          </div>
        </section>
        <div className="support-side">
          <ReferenceSection reference={ticket.reference !== null} detail={data.reference_detail} />
          <ContextSection context={data.context} />
        </div>
      </div>
      <Modal name={ACTION_MODAL} title={t(action === "close" ? "staff.close_title" : "staff.reopen_title", { id: ticket.id })} size="sm">
        <ActionConfirm id={ticket.id} action={action} />
      </Modal>
    </>
  );
}

function ActionConfirm({ id, action }: { id: number; action: StaffAction }) {
  const { t } = useTranslation("support");
  const closeModal = useUiStore((s) => s.closeModal);
  const run = useStaffAction(id);
  return (
    <div className="support-confirm">
      <p>{t(action === "close" ? "staff.close_text" : "staff.reopen_text")}</p>
      <div className="support-actions">
        <button type="button" className="button" onClick={closeModal}>
          {t("confirm.cancel")}
        </button>
        <button
          type="button"
          className="button button-primary"
          disabled={run.isPending}
          aria-busy={run.isPending || undefined}
          data-testid="staff-action-confirm"
          onClick={() =>
            run.mutate(action, {
              onSuccess: () => {
                closeModal();
                notify({ type: "success", message: t(action === "close" ? "staff.closed_done" : "staff.reopened_done") });
              },
              onError: (err) => {
                closeModal();
                const key = failureKey(err, action === "close" ? "ticket_error.close" : "app_error.load");
                if (key) notify({ type: "error", message: key });
              },
            })
          }
        >
          {t(action === "close" ? "ticket.close" : "staff.reopen")}
        </button>
      </div>
    </div>
  );
}
