import { useTranslation } from "react-i18next";
import { useUnreadNotifications } from "./useUnreadNotifications";
import "./notifications.css";

/** The bell's red dot: put it inside a position:relative button; renders nothing when all read. */
export function UnreadDot() {
  const { t } = useTranslation("notifications");
  const count = useUnreadNotifications();
  if (count === 0) return null;
  return <span className="unread-dot" role="status" aria-label={t("unread", { count })} />;
}
