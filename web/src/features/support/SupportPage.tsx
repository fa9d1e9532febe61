// /support (spec §2, §5 Tickets): the FAQ (a slot the app fills) and the player's tickets — the
// list (open first, an unread mark when staff replied) and the new-ticket form, or, while a
// ticket is open, a note linking to it (one open ticket at a time). ?ref=<kind>:<id> (a round, a
// case opening or a payment, lib/supportLink.ts) becomes the new ticket's reference.
import { type ReactNode, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import type { TicketSummaryJson } from "../../../../shared/api/tickets";
import { TICKET } from "../../../../shared/constants";
import { failureKey } from "../../lib/api";
import { displayMessage } from "../../lib/i18n";
import { useCurrentUser } from "../../lib/session/useCurrentUser";
import { notify } from "../../lib/uiStore";
import { EmptyState } from "../../ui/EmptyState";
import { SupportIcon } from "../../ui/icons";
import { Skeleton, Spinner } from "../../ui/Spinner";
import { LoadFailed, SignInPrompt } from "../../ui/StateNote";
import { dateTime } from "./format";
import { useCreateTicket, useMyTickets } from "./queries";
import { referenceFromQuery } from "./reference";
import { ReferenceLabel, StatusBadge } from "./TicketSummary";
import "./support.css";

const NEW_TICKET_ANCHOR = "new-ticket";
const TICKETS_ANCHOR = "tickets";

/**
 * #tickets and #new-ticket (a "report a problem" link): the block comes into view once it is on
 * the page (the list loads first), the subject field focused when it is the form. Asked again on
 * every navigation, so the jump link works twice.
 */
function useScrollToAnchor(anchor: string, key: string) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: key is the trigger (a new navigation), not an input
  useEffect(() => {
    if (anchor !== TICKETS_ANCHOR && anchor !== NEW_TICKET_ANCHOR) return;
    let frame = 0;
    const started = Date.now();
    const look = () => {
      const target = document.getElementById(anchor);
      // the list is loading: the form or the note (id new-ticket) is not there yet
      if (!target || (anchor === TICKETS_ANCHOR && target.getAttribute("aria-busy") === "true")) {
        if (Date.now() - started < 5_000) frame = requestAnimationFrame(look);
        return;
      }
      target.scrollIntoView({ block: "start" });
      target.querySelector<HTMLInputElement>("input")?.focus({ preventScroll: true });
    };
    frame = requestAnimationFrame(look);
    return () => cancelAnimationFrame(frame);
  }, [anchor, key]);
}

/** faq: the FAQ block, rendered above the tickets (the app passes features/faq's section). */
export default function SupportPage({ faq }: { faq?: ReactNode }) {
  const { t } = useTranslation("support");
  const user = useCurrentUser();
  const location = useLocation();
  const list = useMyTickets(!!user.data);
  const busy = user.isPending || (!!user.data && list.isPending);
  useScrollToAnchor(location.hash.slice(1), location.key);
  let tickets: ReactNode;
  if (user.isPending) tickets = <Spinner />;
  else if (!user.data) tickets = <SignInPrompt message={t("signed_out")} button={t("login")} />;
  else tickets = <Tickets />;
  return (
    <div className="support-page" data-testid="support-page">
      <h1>{t("title")}</h1>
      <p className="support-lead">{t("lead")}</p>
      {/* past the FAQ's questions straight to the tickets */}
      <Link to={{ search: location.search, hash: TICKETS_ANCHOR }} className="page-link support-jump" data-testid="support-jump">
        {t("tickets.jump")}
      </Link>
      {/* FAQ: features/faq/FaqSection, joined in by the app (app/SupportWithFaq.tsx) */}
      {faq}
      <section id={TICKETS_ANCHOR} className="support-card support-tickets" aria-labelledby="support-tickets-title" aria-busy={busy || undefined}>
        <h2 id="support-tickets-title">{t("tickets.title")}</h2>
        {tickets}
      </section>
    </div>
  );
}

function Tickets() {
  const { t } = useTranslation("support");
  const { t: tCommon } = useTranslation();
  const list = useMyTickets(true);
  if (list.isPending) return <Skeleton width="100%" height={120} />;
  if (list.isError)
    return (
      <LoadFailed
        message={displayMessage(failureKey(list.error, "ticket_error.load_tickets") ?? "ticket_error.load_tickets", tCommon)}
        onRetry={() => void list.refetch()}
      />
    );
  const tickets = list.data.tickets;
  const open = tickets.find((x) => x.status === 0);
  return (
    <>
      {open ? <OpenTicketNote ticket={open} /> : <NewTicketForm />}
      <h3 className="support-subtitle">{t("tickets.mine")}</h3>
      {tickets.length === 0 ? (
        <EmptyState title={t("tickets.empty")} icon={<SupportIcon />} />
      ) : (
        <ul className="support-list" data-testid="ticket-list">
          {tickets.map((x) => (
            <TicketRow key={x.id} ticket={x} />
          ))}
        </ul>
      )}
    </>
  );
}

function TicketRow({ ticket }: { ticket: TicketSummaryJson }) {
  const { t, i18n } = useTranslation("support");
  return (
    <li>
      <Link to={`/ticket/${ticket.id}`} className={`support-row${ticket.unread ? " is-unread" : ""}`} data-testid="ticket-row">
        <span className="support-row__top">
          <StatusBadge status={ticket.status} />
          {ticket.unread ? <span className="support-badge support-badge--new">{t("tickets.unread")}</span> : null}
          <span className="support-row__number">{t("ticket.number", { id: ticket.id })}</span>
          <time dateTime={new Date(ticket.updated_at).toISOString()}>{dateTime(ticket.updated_at, i18n.language)}</time>
        </span>
        <span className="support-row__subject">{ticket.subject}</span>
        <span className="support-row__meta">
          {ticket.reference ? <ReferenceLabel reference={ticket.reference} /> : null}
          <span>{t("tickets.messages", { count: ticket.messages_count })}</span>
        </span>
      </Link>
    </li>
  );
}

function OpenTicketNote({ ticket }: { ticket: TicketSummaryJson }) {
  const { t } = useTranslation("support");
  return (
    <div id={NEW_TICKET_ANCHOR} className="support-note" data-testid="ticket-open-note">
      <p>{t("form.has_open", { id: ticket.id })}</p>
      <Link to={`/ticket/${ticket.id}`} className="button">
        {t("form.go_open", { id: ticket.id })}
      </Link>
    </div>
  );
}

function NewTicketForm() {
  const { t } = useTranslation("support");
  const { t: tCommon } = useTranslation();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const reference = referenceFromQuery(params.get("ref"));
  const create = useCreateTicket();
  const [subject, setSubject] = useState("");
  const [message, setMessage] = useState("");
  const [tried, setTried] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const ids = {
    title: useId(),
    subject: useId(),
    subjectHint: useId(),
    subjectCount: useId(),
    subjectIssue: useId(),
    message: useId(),
    messageHint: useId(),
    messageCount: useId(),
    messageIssue: useId(),
  };

  const subjectLength = subject.trim().length;
  const messageLength = message.trim().length;
  const subjectIssue =
    subjectLength < TICKET.subjectMin
      ? t("form.subject_short", { count: TICKET.subjectMin })
      : subjectLength > TICKET.subjectMax
        ? t("form.subject_long", { count: TICKET.subjectMax })
        : null;
  const messageIssue =
    messageLength < TICKET.messageMin
      ? t("form.message_short", { count: TICKET.messageMin })
      : messageLength > TICKET.messageMax
        ? t("form.message_long", { count: TICKET.messageMax })
        : null;

  const removeReference = () => {
    const next = new URLSearchParams(params);
    next.delete("ref");
    setParams(next, { replace: true });
  };

  return (
    <form
      id={NEW_TICKET_ANCHOR}
      className="support-form"
      aria-labelledby={ids.title}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setTried(true);
        if (subjectIssue || messageIssue || create.isPending) return;
        setProblem(null);
        create.mutate(
          { subject: subject.trim(), message: message.trim(), ...(reference ? { reference } : {}) },
          {
            onSuccess: (answer) => {
              notify({ type: "success", message: answer.message });
              navigate(`/ticket/${answer.id}`);
            },
            onError: (err) => setProblem(failureKey(err, "ticket_error.send")),
          },
        );
      }}
    >
      <h3 id={ids.title} className="support-subtitle">
        {t("form.title")}
      </h3>
      {reference ? (
        <div className="support-about" data-testid="ticket-form-reference">
          <span>
            {t("form.about")} <ReferenceLabel reference={reference} />
          </span>
          <button type="button" className="button button-small" onClick={removeReference} aria-label={t("form.remove_reference_label")}>
            {t("form.remove_reference")}
          </button>
        </div>
      ) : null}
      <div className="support-field">
        <label htmlFor={ids.subject}>{t("form.subject")}</label>
        <input
          id={ids.subject}
          type="text"
          value={subject}
          maxLength={TICKET.subjectMax}
          autoComplete="off"
          aria-invalid={(tried && !!subjectIssue) || undefined}
          aria-describedby={`${ids.subjectHint} ${ids.subjectCount}${tried && subjectIssue ? ` ${ids.subjectIssue}` : ""}`}
          onChange={(e) => setSubject(e.target.value)}
          data-testid="ticket-subject"
        />
        <div className="support-field__under">
          <span id={ids.subjectHint} className="support-hint">
            {t("form.subject_hint", { min: TICKET.subjectMin, max: TICKET.subjectMax })}
          </span>
          <span id={ids.subjectCount} className="support-counter">
            {t("form.counter", { length: subject.length, max: TICKET.subjectMax })}
          </span>
        </div>
        {tried && subjectIssue ? (
          <p id={ids.subjectIssue} className="support-error" data-testid="ticket-subject-issue">
            {subjectIssue}
          </p>
        ) : null}
      </div>
      <div className="support-field">
        <label htmlFor={ids.message}>{t("form.message")}</label>
        <textarea
          id={ids.message}
          value={message}
          rows={6}
          maxLength={TICKET.messageMax}
          aria-invalid={(tried && !!messageIssue) || undefined}
          aria-describedby={`${ids.messageHint} ${ids.messageCount}${tried && messageIssue ? ` ${ids.messageIssue}` : ""}`}
          onChange={(e) => setMessage(e.target.value)}
          data-testid="ticket-message-text"
        />
        <div className="support-field__under">
          <span id={ids.messageHint} className="support-hint">
            {t("form.message_hint", { min: TICKET.messageMin, max: TICKET.messageMax })}
          </span>
          <span id={ids.messageCount} className="support-counter">
            {t("form.counter", { length: message.length, max: TICKET.messageMax })}
          </span>
        </div>
        {tried && messageIssue ? (
          <p id={ids.messageIssue} className="support-error" data-testid="ticket-message-issue">
            {messageIssue}
          </p>
        ) : null}
      </div>
      {problem ? (
        <p className="support-error" role="alert" data-testid="ticket-form-problem">
          {displayMessage(problem, tCommon)}
        </p>
      ) : null}
      <p className="support-hint">{t("form.one_open")}</p>
      <div className="support-actions">
        <button
          type="submit"
          className="button button-primary"
          disabled={create.isPending}
          aria-busy={create.isPending || undefined}
          data-testid="ticket-create"
        >
          {create.isPending ? t("form.sending") : t("form.create")}
        </button>
      </div>
    </form>
  );
}
