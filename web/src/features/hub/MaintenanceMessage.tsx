// The operator's message inside a game's maintenance notice (hub namespace): set with the switch in
// the console, carried by /api/getConfig and the hub's refreshPage frame. The text around it is
// translated; the operator's own words are shown as written.
import { useTranslation } from "react-i18next";
import { useHubStore } from "./store";

export function MaintenanceMessage() {
  const { t } = useTranslation("hub");
  const message = useHubStore((s) => s.maintenanceMessage);
  if (!message) return null;
  return (
    <span className="maintenance-message" data-testid="maintenance-message">
      {" "}
      {t("maintenance_message", { message })}
    </span>
  );
}
