// A ticket's messages as a conversation: the player's on one side, staff on the other with the
// staff member's name. A log region (role=log, polite), so a reader hears messages arriving live.
import { useTranslation } from "react-i18next";
import type { TicketMessageJson } from "../../../../shared/api/tickets";
import { dateTime } from "./format";

/** side: whose page it is ("player": the player's own messages are "mine"; "staff": staff's are). */
export function Thread({ messages, side, label }: { messages: readonly TicketMessageJson[]; side: "player" | "staff"; label: string }) {
  const { t, i18n } = useTranslation("support");
  return (
    <div role="log" aria-live="polite" aria-label={label} data-testid="ticket-thread">
      <ol className="support-thread">
        {messages.map((m) => {
          const mine = side === "staff" ? m.staff : !m.staff;
          return (
            <li key={m.id} className={`support-message${m.staff ? " is-staff" : " is-player"}${mine ? " is-mine" : ""}`} data-testid="ticket-message">
              <div className="support-message__head">
                <span className="support-message__author">{!m.staff && side === "player" ? t("thread.you") : m.username}</span>
                {m.staff ? <span className="support-badge support-badge--staff">{t("thread.staff")}</span> : null}
                <time dateTime={new Date(m.created_at).toISOString()}>{dateTime(m.created_at, i18n.language)}</time>
              </div>
              <p className="support-message__text">{m.message}</p>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
