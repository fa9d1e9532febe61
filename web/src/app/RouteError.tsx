// The router's last resort: an error outside any screen boundary. Offers a reload.
import { useTranslation } from "react-i18next";

export function RouteError() {
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
