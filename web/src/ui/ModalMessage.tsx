// A modal's whole content when it only tells something (nothing to act on, e.g. no items chosen):
// the text and an OK button that closes the modal.
import type { ReactNode } from "react";
import { useUiStore } from "../lib/uiStore";

export function ModalMessage({ text, ok }: { text: ReactNode; ok: ReactNode }) {
  const closeModal = useUiStore((s) => s.closeModal);
  return (
    <div className="modal-message">
      <p>{text}</p>
      <button type="button" className="button button-primary" onClick={closeModal}>
        {ok}
      </button>
    </div>
  );
}
