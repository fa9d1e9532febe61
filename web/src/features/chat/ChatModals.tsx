// The chat's modals (§2): rules, commands, clear (staff, confirm first), message moderation, the
// active mutes and the quiz (staff).
// Mounted once by app/ModalHost, whichever chat panel opened them.
import { useTranslation } from "react-i18next";
import { CHAT } from "../../../../shared/constants";
import { useUiStore } from "../../lib/uiStore";
import { isStaff, useSignedInUser } from "../../lib/session/useCurrentUser";
import { Modal } from "../../ui/Modal";
import { SignInPrompt } from "../../ui/StateNote";
import { clearChat } from "./api";
import { ModerationForm } from "./ModerationForm";
import { MutesList } from "./MutesList";
import { QuizStartForm, QuizStopBody } from "./QuizForm";
import { StaffConfirm } from "./StaffConfirm";
import { COMMANDS } from "./state";
import { chatStore } from "./store";
import "./chat.css";

const RULES = ["nickname", "channels", "insults", "begging", "links", "short", "caps"] as const;

function RulesBody() {
  const { t } = useTranslation("chat");
  return (
    <div className="chat-modal-text">
      <p>{t("rules.intro")}</p>
      <ul className="chat-rules">
        {RULES.map((r) => (
          <li key={r}>{t(`rules.${r}`)}</li>
        ))}
      </ul>
      <p className="chat-modal-note">{t("rules.limits", { max: CHAT.maxMessageLength })}</p>
      <p className="chat-modal-note">{t("rules.mute")}</p>
    </div>
  );
}

function CommandsBody() {
  const { t } = useTranslation("chat");
  const me = useSignedInUser();
  const { closeModal } = useUiStore.getState();
  const use = (text: string) => {
    chatStore.getState().setSendingText(text);
    closeModal();
    // back in the field, ready to send (or to type the round number)
    requestAnimationFrame(() => document.querySelector<HTMLInputElement>(".chat-input:not(:disabled)")?.focus());
  };
  return (
    <div className="chat-modal-text">
      <p>{t("commands.intro")}</p>
      <dl className="chat-commands">
        {COMMANDS.map((c) => (
          <div key={c.id} className="chat-command">
            <dt>
              <code>{c.id === "bet" ? t("commands.bet_usage") : c.text}</code>
            </dt>
            <dd>{t(`commands.${c.id}`)}</dd>
            {me ? (
              <dd className="chat-command-use">
                <button type="button" className="button button-small" onClick={() => use(c.text)} aria-label={t("commands.use", { command: c.text.trim() })}>
                  {t("commands.insert")}
                </button>
              </dd>
            ) : null}
          </div>
        ))}
      </dl>
      {me ? null : <SignInPrompt className="chat-modal-signin" message={t("commands.sign_in")} button={t("commands.sign_in_button")} />}
    </div>
  );
}

function ClearBody() {
  const { t } = useTranslation("chat");
  return <StaffConfirm text={t("clear.text")} cancel={t("clear.cancel")} confirm={t("clear.confirm")} action={clearChat} failureKey="chat_error.clear" />;
}

export function ChatModals() {
  const { t } = useTranslation("chat");
  const staff = isStaff(useSignedInUser());
  return (
    <>
      <Modal name="chatRules" title={t("rules.title")} size="sm">
        <RulesBody />
      </Modal>
      <Modal name="chatCommands" title={t("commands.title")} size="sm">
        <CommandsBody />
      </Modal>
      {staff ? (
        <>
          <Modal name="chatClear" title={t("clear.title")} size="sm">
            <ClearBody />
          </Modal>
          <Modal name="chatModeration" title={t("moderation.title")} size="sm">
            <ModerationForm />
          </Modal>
          <Modal name="chatMutes" title={t("mutes.title")}>
            <MutesList />
          </Modal>
          <Modal name="chatQuiz" title={t("quiz.start_title")}>
            <QuizStartForm />
          </Modal>
          <Modal name="chatQuizStop" title={t("quiz.stop_title")} size="sm">
            <QuizStopBody />
          </Modal>
        </>
      ) : null}
    </>
  );
}
