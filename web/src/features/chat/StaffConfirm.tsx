// A staff confirm dialog body (clear the chat, stop the quiz): a text, Cancel, and a danger
// button that runs the call, shows the server's notice and closes; a failure keeps it open.
import { useState } from "react";
import { notify, useUiStore } from "../../lib/uiStore";
import type { ModerationAnswer } from "./api";
import { staffFailureKey } from "./notice";

interface Props {
  text: string;
  cancel: string;
  confirm: string;
  action: () => Promise<ModerationAnswer>;
  /** the chat_error.* key when the call got no answer */
  failureKey: string;
}

export function StaffConfirm({ text, cancel, confirm, action, failureKey }: Props) {
  const closeModal = useUiStore((s) => s.closeModal);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const answer = await action();
      notify({ type: "success", message: answer.message });
      closeModal();
    } catch (err) {
      notify({ type: "error", message: staffFailureKey(err, failureKey) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="chat-modal-text">
      <p>{text}</p>
      <div className="chat-modal-actions">
        <button type="button" className="button" onClick={closeModal}>
          {cancel}
        </button>
        <button type="button" className="button button-primary button-danger" onClick={run} disabled={busy} aria-busy={busy}>
          {confirm}
        </button>
      </div>
    </div>
  );
}
