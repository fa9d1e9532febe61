// "N players online" with Russian plurals (hub namespace), live from the hub socket.
import { useTranslation } from "react-i18next";
import { useHubStore } from "./store";

export function HubOnlineCount({ className }: { className?: string }) {
  const { t } = useTranslation("hub");
  const total = useHubStore((s) => s.online.total);
  const connected = useHubStore((s) => s.connected);
  return (
    <span className={className} title={connected ? undefined : t("reconnecting")}>
      {t("online", { count: total })}
    </span>
  );
}
