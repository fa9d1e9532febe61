// Every console action confirms first, then says what happened (docs/security.md "Staff roles"):
// the button opens a dialog (what will happen, a reason field when the action takes one), the
// confirm runs the call, and the outcome is a notice — the given text, or the refusal key's text.
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { failureKey } from "../../../../lib/api";
import { displayMessage } from "../../../../lib/i18n";
import { notify, useUiStore } from "../../../../lib/uiStore";
import { Modal } from "../../../../ui/Modal";

export interface ConfirmButtonProps {
  /** the button's text */
  label: string;
  /** the dialog's title and what it says will happen */
  title: string;
  description?: ReactNode;
  /** a reason the action records (required unless `optional`) */
  reason?: { label: string; maxLength: number; optional?: boolean };
  run: (reason: string | undefined) => Promise<unknown>;
  /** the notice after success */
  done: string;
  danger?: boolean;
  disabled?: boolean;
  className?: string;
  /** the trigger button's data-testid */
  testId?: string;
}

export function ConfirmButton({ label, title, description, reason, run, done, danger, disabled, className, testId }: ConfirmButtonProps) {
  const { t } = useTranslation("console");
  const { t: tCommon } = useTranslation();
  const name = `console-confirm-${useId()}`;
  const openModal = useUiStore((s) => s.openModal);
  const closeModal = useUiStore((s) => s.closeModal);
  const reasonId = useId();
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setRefusal(null);
    try {
      await run(reason ? text.trim() || undefined : undefined);
      closeModal();
      setText("");
      notify({ type: "success", message: done });
    } catch (err) {
      const key = failureKey(err, "console_error.action");
      if (key) setRefusal(displayMessage(key, tCommon));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button
        type="button"
        className={`button${danger ? " button-danger" : ""}${className ? ` ${className}` : ""}`}
        disabled={disabled}
        data-testid={testId}
        onClick={() => {
          setRefusal(null);
          openModal(name);
        }}
      >
        {label}
      </button>
      <Modal name={name} title={title} size="sm">
        <form onSubmit={(e) => void submit(e)} className="console-confirm">
          {description ? <div className="console-confirm-text">{description}</div> : null}
          {reason ? (
            <div className="console-field">
              <label htmlFor={reasonId}>{reason.label}</label>
              <textarea
                id={reasonId}
                className="input"
                value={text}
                maxLength={reason.maxLength}
                required={!reason.optional}
                rows={3}
                onChange={(e) => setText(e.target.value)}
              />
            </div>
          ) : null}
          {refusal ? (
            <p className="console-refusal" role="alert">
              {refusal}
            </p>
          ) : null}
          <div className="console-actions">
            <button type="button" className="button" onClick={closeModal}>
              {t("confirm.cancel")}
            </button>
            <button
              type="submit"
              className={`button ${danger ? "button-danger" : "button-primary"}`}
              disabled={busy || (!!reason && !reason.optional && !text.trim())}
              aria-busy={busy || undefined}
            >
              {t("confirm.confirm")}
            </button>
          </div>
        </form>
      </Modal>
    </>
  );
}
