// The reply box of a ticket (the player's and staff's): a labelled textarea with the bounds of
// TICKET stated and a counter, Send, and the refusal under it. Off (with a note) on a closed ticket.
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { TICKET } from "../../../../shared/constants";
import { displayMessage } from "../../lib/i18n";

interface Props {
  closed: boolean;
  /** the note shown instead of the box's hint while the ticket is closed */
  closedNote: string;
  label: string;
  busy: boolean;
  /** the failed send's message key, if any */
  problem: string | null;
  /** sends; resolves true when it went through (the box clears) */
  onSend(message: string): Promise<boolean>;
}

export function MessageBox({ closed, closedNote, label, busy, problem, onSend }: Props) {
  const { t } = useTranslation("support");
  const { t: tCommon } = useTranslation();
  const [text, setText] = useState("");
  const [tried, setTried] = useState(false);
  const ids = { field: useId(), hint: useId(), count: useId(), issue: useId() };
  const length = text.trim().length;
  const issue =
    length < TICKET.messageMin
      ? t("form.message_short", { count: TICKET.messageMin })
      : length > TICKET.messageMax
        ? t("form.message_long", { count: TICKET.messageMax })
        : null;
  const showIssue = tried && issue !== null && !closed;
  return (
    <form
      className="support-reply"
      aria-label={label}
      onSubmit={async (e) => {
        e.preventDefault();
        setTried(true);
        if (closed || busy || issue) return;
        if (await onSend(text.trim())) {
          setText("");
          setTried(false);
        }
      }}
    >
      <label htmlFor={ids.field}>{label}</label>
      <textarea
        id={ids.field}
        value={text}
        rows={4}
        maxLength={TICKET.messageMax}
        disabled={closed}
        aria-invalid={showIssue || undefined}
        aria-describedby={`${ids.hint} ${ids.count}${showIssue ? ` ${ids.issue}` : ""}`}
        onChange={(e) => setText(e.target.value)}
        data-testid="ticket-reply-text"
      />
      <div className="support-field__under">
        <span id={ids.hint} className={closed ? "support-closed-note" : "support-hint"} data-testid={closed ? "ticket-closed-note" : undefined}>
          {closed ? closedNote : t("form.message_hint", { min: TICKET.messageMin, max: TICKET.messageMax })}
        </span>
        <span id={ids.count} className="support-counter">
          {t("form.counter", { length: text.length, max: TICKET.messageMax })}
        </span>
      </div>
      {showIssue ? (
        <p id={ids.issue} className="support-error">
          {issue}
        </p>
      ) : null}
      {problem ? (
        <p className="support-error" role="alert">
          {displayMessage(problem, tCommon)}
        </p>
      ) : null}
      <div className="support-actions">
        <button type="submit" className="button button-primary" disabled={closed || busy} aria-busy={busy || undefined} data-testid="ticket-reply-send">
          {busy ? t("form.sending") : t("form.send")}
        </button>
      </div>
    </form>
  );
}
