// /admin/maintenance: maintenance on or off (spec §4: bets are blocked while on) with a message
// players read in the games' maintenance notice. Every switch confirms first; the server audits it
// (before and after) and tells every open tab through the hub.
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { OPS } from "../../../../../../shared/constants";
import { failureKey } from "../../../../lib/api";
import { useConfig } from "../../../../lib/config";
import { displayMessage } from "../../../../lib/i18n";
import { Skeleton } from "../../../../ui/Spinner";
import { LoadFailed } from "../../../../ui/StateNote";
import { ConfirmButton } from "../ui/ConfirmButton";
import { useSetMaintenance } from "./useOps";
import "./ops.css";

export default function MaintenancePage() {
  const { t } = useTranslation("console_ops");
  const { t: tCommon } = useTranslation();
  const config = useConfig();
  return (
    <section className="ops-page" aria-labelledby="ops-maintenance-title" data-testid="console-maintenance">
      <h1 id="ops-maintenance-title">{t("maintenance.title")}</h1>
      <p className="ops-note">{t("maintenance.intro")}</p>
      {config.isPending ? (
        <Skeleton width="100%" height={160} />
      ) : config.isError ? (
        <LoadFailed
          message={displayMessage(failureKey(config.error, "console_error.load") ?? "console_error.load", tCommon)}
          onRetry={() => void config.refetch()}
        />
      ) : (
        <Switch on={config.data.maintenance} current={config.data.maintenance_message ?? null} />
      )}
    </section>
  );
}

function Switch({ on, current }: { on: boolean; current: string | null }) {
  const { t } = useTranslation("console_ops");
  const messageId = useId();
  const hintId = useId();
  const [message, setMessage] = useState(current ?? "");
  const save = useSetMaintenance();
  const trimmed = message.trim();
  const run = (enabled: boolean) => () => save.mutateAsync({ enabled, message: trimmed });
  const quote = trimmed ? <blockquote className="ops-quote">{trimmed}</blockquote> : <p>{t("maintenance.no_message")}</p>;
  return (
    <div className="ops-card ops-maintenance">
      <p className={on ? "ops-state ops-state--on" : "ops-state"} data-testid="maintenance-state" role="status">
        {on ? t("maintenance.state_on") : t("maintenance.state_off")}
      </p>
      {on && current ? (
        <p className="ops-note">
          {t("maintenance.current")} <q>{current}</q>
        </p>
      ) : null}
      <div className="console-field">
        <label htmlFor={messageId}>{t("maintenance.message_label")}</label>
        <textarea
          id={messageId}
          className="input"
          rows={3}
          maxLength={OPS.maintenanceMessageMax}
          value={message}
          aria-describedby={hintId}
          onChange={(e) => setMessage(e.target.value)}
        />
        <p id={hintId} className="ops-note">
          {t("maintenance.message_hint", { count: OPS.maintenanceMessageMax - message.length })}
        </p>
      </div>
      <div className="console-actions">
        {on ? (
          <>
            <ConfirmButton
              label={t("maintenance.update")}
              title={t("maintenance.update_title")}
              description={quote}
              run={run(true)}
              done={t("maintenance.updated")}
            />
            <ConfirmButton
              label={t("maintenance.switch_off")}
              title={t("maintenance.switch_off_title")}
              description={<p>{t("maintenance.switch_off_text")}</p>}
              run={run(false)}
              done={t("maintenance.switched_off")}
            />
          </>
        ) : (
          <ConfirmButton
            label={t("maintenance.switch_on")}
            title={t("maintenance.switch_on_title")}
            description={
              <>
                <p>{t("maintenance.switch_on_text")}</p>
                {quote}
              </>
            }
            run={run(true)}
            done={t("maintenance.switched_on")}
            danger
          />
        )}
      </div>
    </div>
  );
}
