// <Modal name="login" title="…">…</Modal>: shown only while uiStore.modal === name (docs/api.md "API reference").
// role=dialog + aria-modal + aria-labelledby; Escape and a click outside close it; Tab stays
// inside; focus returns to the element that opened it.
import { useEffect, useId, useRef, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { useTranslation } from "react-i18next";
import { useUiStore } from "../lib/uiStore";
import { focusables, trapTab } from "./focus";
import { CloseIcon } from "./icons";

export interface ModalProps {
  name: string;
  title: ReactNode;
  children: ReactNode;
  /** Called on Escape, outside click and the close button; defaults to uiStore.closeModal. */
  onClose?: () => void;
  size?: "sm" | "md" | "lg";
  className?: string;
}

export function Modal({ name, ...rest }: ModalProps) {
  const open = useUiStore((s) => s.modal === name);
  if (!open) return null;
  return <ModalDialog name={name} {...rest} />;
}

function ModalDialog({ name, title, children, onClose, size = "md", className }: ModalProps) {
  const { t } = useTranslation("common");
  const closeModal = useUiStore((s) => s.closeModal);
  const close = onClose ?? closeModal;
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const pressStartedOutside = useRef(false);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = dialogRef.current;
    if (dialog) (focusables(dialog).find((el) => !el.classList.contains("modal-close")) ?? dialog).focus();
    document.body.classList.add("has-modal");
    return () => {
      document.body.classList.remove("has-modal");
      // Back to the opener, if it is still on the page.
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        e.stopPropagation();
        close();
      } else if (dialogRef.current) trapTab(e, dialogRef.current);
    };
    document.addEventListener("keydown", onKey, true);
    return () => document.removeEventListener("keydown", onKey, true);
  }, [close]);

  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop's click is the pointer twin of Escape (handled above for the keyboard)
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape closes from the keyboard (the keydown listener above)
    <div
      className="modal-backdrop"
      data-modal={name}
      // Only a press that starts and ends on the backdrop closes (a drag out of a field does not).
      onMouseDown={(e) => {
        pressStartedOutside.current = e.target === e.currentTarget;
      }}
      onClick={(e) => {
        if (pressStartedOutside.current && e.target === e.currentTarget) close();
        pressStartedOutside.current = false;
      }}
    >
      <div
        ref={dialogRef}
        className={`modal modal-${size}${className ? ` ${className}` : ""}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <div className="modal-head">
          <h2 id={titleId} className="modal-title">
            {title}
          </h2>
          <button type="button" className="icon-button modal-close" onClick={close} aria-label={t("close")}>
            <CloseIcon />
          </button>
        </div>
        <div className="modal-body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
