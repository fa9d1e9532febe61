// The operator's message inside a game's maintenance notice (hub namespace): set with the switch in
// the console, carried by /api/getConfig (`maintenance_message`), which the hub's refreshPage frame
// keeps current (features/hub/connection.ts). The text around it is translated; the operator's
// own words are shown as written.
import { useTranslation } from "react-i18next";
import { useConfig } from "../lib/config";

export function MaintenanceMessage() {
  const { t } = useTranslation("hub");
  const message = useConfig().data?.maintenance_message;
  if (!message) return null;
  return (
    <span className="maintenance-message" data-testid="maintenance-message">
      {t("maintenance_message", { message })}
    </span>
  );
}
