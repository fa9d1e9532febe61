// The router's last resort: an error outside any screen boundary (the layout itself failed).
// Offers a reload.
import { Component, type ErrorInfo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

function RouteError() {
  const { t } = useTranslation("common");
  return (
    <div className="screen-error screen-error-full" role="alert">
      <p className="screen-error-title">{t("screen_error.title")}</p>
      <p className="screen-error-text">{t("screen_error.text")}</p>
      <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
        {t("reload")}
      </button>
    </div>
  );
}

/**
 * Shows RouteError in place of its children once they throw while rendering. A new address tries
 * again (as the data router's error element did on navigation): `resetKey` is the pathname.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, { failed: boolean }> {
  override state = { failed: false };

  override componentDidUpdate(previous: { resetKey: string }): void {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error("layout failed", error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
