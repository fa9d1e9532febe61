// What a panel or screen shows instead of its content: loading failed (with Retry) or the
// visitor must sign in first. Styled by `.state-note` unless the screen passes its own class.
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useUiStore } from "../lib/uiStore";

interface LoadFailedProps {
  message: ReactNode;
  onRetry(): void;
  className?: string;
  /** the page's main action (the profile), not a panel's secondary one */
  primary?: boolean;
}

export function LoadFailed({ message, onRetry, className = "state-note", primary = false }: LoadFailedProps) {
  const { t } = useTranslation("common");
  return (
    <div className={className} role="alert">
      <p>{message}</p>
      <button type="button" className={primary ? "button button-primary" : "button"} onClick={onRetry}>
        {t("retry")}
      </button>
    </div>
  );
}

interface SignInPromptProps {
  message: ReactNode;
  button: ReactNode;
  className?: string;
  /** above the message, e.g. the page title */
  heading?: ReactNode;
}

export function SignInPrompt({ message, button, className = "state-note", heading }: SignInPromptProps) {
  const openModal = useUiStore((s) => s.openModal);
  return (
    <div className={className}>
      {heading}
      <p>{message}</p>
      <button type="button" className="button button-primary" onClick={() => openModal("login")}>
        {button}
      </button>
    </div>
  );
}
