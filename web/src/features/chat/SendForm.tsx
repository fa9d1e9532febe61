// The sending form (§2, §5 Chat, §6): the message field (disabled for visitors, who get a
// sign-in button), the send button (needs non-empty text within CHAT.maxMessageLength), and the
// links for rules, commands and (staff) clear. Refusals become notices; the text stays on error
// and clears on success. A player whose deposits are under the chat's minimum (§5; getConfig's
// chat_min_deposit, staff exempt) sees why and a Deposit button in place of the field.
import { useId, useRef, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { CHAT } from "../../../../shared/constants";
import { toCents } from "../../../../shared/money";
import { useConfig } from "../../lib/config";
import { notify, useUiStore } from "../../lib/uiStore";
import { ApiError, isBannedError } from "../../lib/api";
import { isStaff, useSignedInUser } from "../../lib/session/useCurrentUser";
import { SendIcon } from "../../ui/icons";
import { formatDollars } from "../../ui/Money";
import { sendMessage } from "./api";
import { notifyChat } from "./notice";
import { sendFailureNotice } from "./state";
import { chatStore, useChat } from "./store";

export function SendForm() {
  const { t } = useTranslation("chat");
  const me = useSignedInUser();
  const staff = isStaff(me);
  const text = useChat((s) => s.sendingText);
  const sending = useChat((s) => s.sending);
  const openModal = useUiStore((s) => s.openModal);
  const quizActive = useChat((s) => s.quiz?.isActive === true);
  const inputRef = useRef<HTMLInputElement>(null);
  const minDeposit = useConfig().data?.chat_min_deposit;
  const depositFirst = me !== null && !staff && minDeposit !== undefined && toCents(me.total_deposit) < toCents(minDeposit);

  const inputId = useId();
  const hintId = useId();
  // UTF-16 units after trimming, as the server counts (shared message schema)
  const length = text.trim().length;
  const left = CHAT.maxMessageLength - length;
  const tooLong = left < 0;
  const canSend = me !== null && length > 0 && !tooLong && !sending;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!canSend) return;
    const store = chatStore.getState();
    store.setSending(true);
    try {
      await sendMessage(text);
      // the message itself comes back over the chat socket; keep anything typed meanwhile
      if (chatStore.getState().sendingText === text) chatStore.getState().setSendingText("");
      chatStore.getState().jumpToLast();
    } catch (err) {
      if (err instanceof ApiError) {
        // a banned account is logged out by lib/api with its own notice
        if (!isBannedError(err as unknown)) notifyChat("error", sendFailureNotice(err.status, err.key, err.body), t);
      } else {
        notify({ type: "error", message: "chat_error.send_message" });
      }
    } finally {
      chatStore.getState().setSending(false);
      inputRef.current?.focus();
    }
  };

  const showHint = me !== null && left <= CHAT.lengthHintFrom;

  return (
    <div className="chat-send">
      {depositFirst ? (
        <div className="chat-deposit-first" data-testid="chat-deposit-first">
          <p id={hintId}>{t("form.deposit_first", { sum: formatDollars(minDeposit) })}</p>
          <button type="button" className="button button-primary" aria-describedby={hintId} onClick={() => openModal("deposit")}>
            {t("form.deposit")}
          </button>
        </div>
      ) : (
        <>
          <form className="chat-send-form" onSubmit={submit} aria-busy={sending}>
            <label className="sr-only" htmlFor={inputId}>
              {t("form.label")}
            </label>
            <input
              ref={inputRef}
              id={inputId}
              className="chat-input"
              type="text"
              autoComplete="off"
              enterKeyHint="send"
              value={me ? text : ""}
              disabled={me === null}
              placeholder={me ? t("form.placeholder") : t("form.placeholder_visitor")}
              onChange={(e) => chatStore.getState().setSendingText(e.target.value)}
              aria-invalid={tooLong || undefined}
              aria-describedby={showHint ? hintId : undefined}
            />
            {me ? (
              <button
                type="submit"
                className="button button-primary chat-send-button chat-send-button--icon"
                disabled={!canSend}
                aria-label={sending ? t("form.sending") : t("form.send")}
                title={t("form.send")}
              >
                <SendIcon />
              </button>
            ) : (
              <button type="button" className="button button-primary chat-send-button" onClick={() => openModal("login")}>
                {t("form.sign_in")}
              </button>
            )}
          </form>
          {showHint ? (
            <p id={hintId} className={`chat-send-hint${tooLong ? " is-error" : ""}`}>
              {tooLong ? t("form.too_long", { max: CHAT.maxMessageLength }) : t("form.chars_left", { count: left })}
            </p>
          ) : null}
        </>
      )}
      {me === null ? <p className="chat-send-hint">{t("form.visitor_hint")}</p> : null}
      <nav className="chat-send-links" aria-label={t("form.links")}>
        <button type="button" className="chat-link" onClick={() => openModal("chatRules")}>
          {t("form.rules")}
        </button>
        <button type="button" className="chat-link" onClick={() => openModal("chatCommands")}>
          {t("form.commands")}
        </button>
        {staff ? (
          <button type="button" className="chat-link chat-link--danger" onClick={() => openModal("chatClear")}>
            {t("form.clear")}
          </button>
        ) : null}
        {staff ? (
          <button type="button" className="chat-link" onClick={() => openModal("chatMutes")}>
            {t("form.mutes")}
          </button>
        ) : null}
        {staff ? (
          <button type="button" className="chat-link" onClick={() => openModal(quizActive ? "chatQuizStop" : "chatQuiz")}>
            {quizActive ? t("form.quiz_stop") : t("form.quiz")}
          </button>
        ) : null}
      </nav>
    </div>
  );
}
