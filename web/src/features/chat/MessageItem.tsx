// One chat message (§3 Chat message): avatar and name linking to /user/{id} (both blur in
// streamer mode, as do quoted names), role badges, the time, the text as plain React text nodes
// (never HTML, never linkified), a stats / balance / bet card, and the quote and (staff) manage actions.
// A system message (user id 0) shows its "chat" namespace key translated with its params.
import { memo, useState, type MouseEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { ChatMessageJson } from "../../../../shared/api/chat";
import { useUiStore } from "../../lib/uiStore";
import { QuoteIcon, ShieldOutlineIcon } from "../../ui/icons";
import { useItemName } from "../../ui/itemWords";
import { UserAvatar } from "../../ui/UserAvatar";
import { MessageCard } from "./MessageCard";
import { isSystemMessage, NAME_MARK, roleBadges, splitOnName, splitQuotes, systemKey } from "./state";
import { chatStore } from "./store";

function focusInput(from: HTMLElement) {
  const input = from.closest(".chat-panel")?.querySelector<HTMLElement>(".chat-input");
  input?.focus();
}

function useTimeText(time: number): string {
  const { i18n } = useTranslation();
  return new Date(time).toLocaleTimeString(i18n.language, { hour: "2-digit", minute: "2-digit" });
}

interface Props {
  message: ChatMessageJson;
  own: boolean;
  signedIn: boolean;
  staff: boolean;
}

export const MessageItem = memo(function MessageItem({ message, own, signedIn, staff }: Props) {
  const { t } = useTranslation("chat");
  const itemName = useItemName();
  const openModal = useUiStore((s) => s.openModal);
  const time = useTimeText(message.time);
  // Only messages that arrive after the load froze slide in (§4), never the history itself.
  const [live] = useState(() => chatStore.getState().status === "frozen");
  const { user } = message;

  if (isSystemMessage(message)) {
    const key = systemKey(message);
    const translate = t as unknown as (k: string, o: Record<string, unknown>) => string;
    const raw = message.type === "MESSAGE" ? (message.params ?? {}) : {};
    // a quiz prize is a market name: its exterior in the reader's language
    const params = typeof raw.item === "string" ? { ...raw, item: itemName(raw.item) } : raw;
    const name = params.username;
    const text = key ? translate(key, { ...params, ...(name ? { username: NAME_MARK } : {}), defaultValue: t("system.unknown") }) : message.message;
    return (
      <li className={`chat-msg chat-msg--system${live ? " is-live" : ""}`} data-testid="chat-message">
        <span className="chat-msg-system-mark" aria-hidden="true">
          ★
        </span>
        <div className="chat-msg-body">
          <div className="chat-msg-head">
            <span className="chat-msg-name">{t("system_name")}</span>
            <time className="chat-msg-time" dateTime={new Date(message.time).toISOString()}>
              {time}
            </time>
          </div>
          <p className="chat-msg-text">
            {splitOnName(text).map((part, i) =>
              part.name ? (
                <span key={i} className="participant-name">
                  {name}
                </span>
              ) : (
                part.text
              ),
            )}
          </p>
        </div>
      </li>
    );
  }

  const quote = (e: MouseEvent<HTMLButtonElement>) => {
    chatStore.getState().quote(user.username);
    focusInput(e.currentTarget);
  };
  const manage = () => {
    chatStore.getState().setModerationTarget({ messageId: message.id, user, text: message.message });
    openModal("chatModeration");
  };
  const badges = roleBadges(user);
  const profile = `/user/${user.id}`;

  return (
    <li className={`chat-msg${own ? " is-own" : ""}${live ? " is-live" : ""}`} data-testid="chat-message" data-type={message.type}>
      <Link to={profile} className={`chat-msg-avatar${own ? "" : " participant-name"}`} aria-label={t("profile", { name: user.username })} tabIndex={-1}>
        <UserAvatar userId={user.id} avatar={user.avatar} username={user.username} size={32} />
      </Link>
      <div className="chat-msg-body">
        <div className="chat-msg-head">
          <Link to={profile} className={`chat-msg-name${own ? "" : " participant-name"}`} aria-label={t("profile", { name: user.username })}>
            {user.username}
          </Link>
          {badges.map((b) => (
            <span key={b} className={`chat-badge chat-badge--${b}`}>
              {t(`badge.${b}`)}
            </span>
          ))}
          <time className="chat-msg-time" dateTime={new Date(message.time).toISOString()}>
            {time}
          </time>
          {(signedIn && !own) || staff ? (
            <span className="chat-msg-actions">
              {signedIn && !own ? (
                <MessageAction label={t("actions.quote", { name: user.username })} onClick={quote}>
                  <QuoteIcon />
                </MessageAction>
              ) : null}
              {staff ? (
                <MessageAction label={t("actions.manage", { name: user.username })} onClick={manage}>
                  <ShieldOutlineIcon />
                </MessageAction>
              ) : null}
            </span>
          ) : null}
        </div>
        <p className="chat-msg-text">
          {splitQuotes(message.message).map((part, i) =>
            part.name ? (
              <span key={i} className="participant-name">
                {part.text}
              </span>
            ) : (
              part.text
            ),
          )}
        </p>
        {message.type !== "MESSAGE" ? <MessageCard message={message} /> : null}
      </div>
    </li>
  );
});

/** An icon button of a message's action row, named by its label (also its tooltip). */
function MessageAction({ label, onClick, children }: { label: string; onClick(e: MouseEvent<HTMLButtonElement>): void; children: ReactNode }) {
  return (
    <button type="button" className="chat-msg-action" onClick={onClick} aria-label={label} title={label}>
      {children}
    </button>
  );
}
