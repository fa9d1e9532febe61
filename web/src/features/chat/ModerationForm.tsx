// The moderation modal's form (§2, §5, §6): delete the message, mute its author for 5, 20, 60,
// 120, 800 minutes or forever with an active reason from /api/getConfig, or unmute. Apply needs
// delete (a reason is optional and goes to the audit log), or mute with a duration and a reason;
// the server checks staff rights every time.
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { CHAT } from "../../../../shared/constants";
import { useConfig } from "../../lib/config";
import { notify, useUiStore } from "../../lib/uiStore";
import { useSignedInUser } from "../../lib/session/useCurrentUser";
import { banUser, deleteMessage, unbanUser, type ModerationAnswer } from "./api";
import { activeReasons, banDuration, canApplyModeration, parseDuration, type ModerationForm as Form, type ModerationOperation } from "./state";
import { staffFailureKey } from "./notice";
import { chatStore, useChat } from "./store";

const OPERATIONS: ModerationOperation[] = ["delete", "mute", "unmute"];
const FAILURE_KEY: Record<ModerationOperation, string> = {
  delete: "chat_error.delete_message",
  mute: "chat_error.mute_user",
  unmute: "chat_error.unmute_user",
};

export function ModerationForm() {
  const { t } = useTranslation("chat");
  const target = useChat((s) => s.moderationTarget);
  const closeModal = useUiStore((s) => s.closeModal);
  const me = useSignedInUser();
  const config = useConfig();
  const reasons = activeReasons(config.data?.chat_ban_reasons);
  const [form, setForm] = useState<Form>({ operation: null, duration: null, reasonId: null });
  const [busy, setBusy] = useState(false);

  if (!target) return null;
  // staff may delete their own message; muting oneself is refused by the server (§6), so not offered
  const operations = target.user.id === me?.id ? OPERATIONS.filter((op) => op === "delete") : OPERATIONS;
  const ready = canApplyModeration(form, reasons) && !busy;

  const apply = async (e: FormEvent) => {
    e.preventDefault();
    if (!ready || !form.operation) return;
    const op = form.operation;
    setBusy(true);
    try {
      let answer: ModerationAnswer;
      if (op === "delete") answer = await deleteMessage(target.messageId, form.reasonId);
      else if (op === "unmute") answer = await unbanUser(target.user.id);
      else answer = await banUser(target.user.id, banDuration(form.duration ?? "forever"), form.reasonId!);
      notify({ type: "success", message: answer.message });
      chatStore.getState().setModerationTarget(null);
      closeModal();
    } catch (err) {
      notify({ type: "error", message: staffFailureKey(err, FAILURE_KEY[op]) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="chat-moderation" onSubmit={apply}>
      <figure className="chat-moderation-target">
        <figcaption className="chat-moderation-who">{t("moderation.message_of", { name: target.user.username })}</figcaption>
        <blockquote className="chat-moderation-text">{target.text}</blockquote>
      </figure>

      <fieldset className="chat-moderation-ops">
        <legend>{t("moderation.operation")}</legend>
        {operations.map((op) => (
          <label key={op} className="chat-radio">
            <input type="radio" name="chat-moderation-op" value={op} checked={form.operation === op} onChange={() => setForm({ ...form, operation: op })} />
            <span>{t(`moderation.${op}`)}</span>
          </label>
        ))}
      </fieldset>

      {form.operation === "mute" || form.operation === "delete" ? (
        <div className="chat-moderation-mute">
          {form.operation === "mute" ? (
            <label className="chat-field">
              <span className="chat-field-label">{t("moderation.duration")}</span>
              <select
                className="chat-select"
                value={form.duration === null ? "" : String(form.duration)}
                onChange={(e) => setForm({ ...form, duration: parseDuration(e.target.value) })}
              >
                <option value="">{t("moderation.choose_duration")}</option>
                {CHAT.muteDurationsMinutes.map((m) => (
                  <option key={m} value={m}>
                    {t("moderation.minutes", { count: m })}
                  </option>
                ))}
                <option value="forever">{t("moderation.forever")}</option>
              </select>
            </label>
          ) : null}
          <label className="chat-field">
            <span className="chat-field-label">{form.operation === "delete" ? t("moderation.reason_optional") : t("moderation.reason")}</span>
            <select
              className="chat-select"
              value={form.reasonId === null ? "" : String(form.reasonId)}
              onChange={(e) => setForm({ ...form, reasonId: e.target.value ? Number(e.target.value) : null })}
              disabled={reasons.length === 0}
            >
              <option value="">{reasons.length ? t("moderation.choose_reason") : t("moderation.no_reasons")}</option>
              {reasons.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name}
                </option>
              ))}
            </select>
          </label>
        </div>
      ) : null}

      {!canApplyModeration(form, reasons) ? <p className="chat-modal-note">{t("moderation.need")}</p> : null}

      <div className="chat-modal-actions">
        <button type="button" className="button" onClick={closeModal}>
          {t("moderation.cancel")}
        </button>
        <button type="submit" className="button button-primary" disabled={!ready} aria-busy={busy}>
          {t("moderation.apply")}
        </button>
      </div>
    </form>
  );
}
