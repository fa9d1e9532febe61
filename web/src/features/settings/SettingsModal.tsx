// Settings (§1): sound (on by default), streamer mode (off by default; blurs participant
// names), the session figures in the header — kept in local storage "settings" by the settings
// store — and, for a signed-in player, the reality check's interval, kept on his account
// (docs/protection.md "Reality check").
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { protectionCalls } from "../../../../shared/api/protection";
import { PROTECTION } from "../../../../shared/constants";
import { api, failureKey } from "../../lib/api";
import { displayMessage } from "../../lib/i18n";
import { useProtection } from "../../lib/protection";
import { queryKeys } from "../../lib/queryKeys";
import { useSettings } from "../../lib/settingsStore";
import { playSound } from "../../lib/sound";

function Switch({ checked, onChange, label, hint }: { checked: boolean; onChange: (on: boolean) => void; label: string; hint: string }) {
  const id = useId();
  return (
    <div className="setting-row">
      <div className="setting-text">
        <label htmlFor={id} className="setting-label">
          {label}
        </label>
        <p id={`${id}-hint`} className="setting-hint">
          {hint}
        </p>
      </div>
      <input
        id={id}
        type="checkbox"
        // biome-ignore lint/a11y/useAriaPropsForRole: a checkbox input carries its checked state natively
        role="switch"
        className="switch"
        checked={checked}
        aria-describedby={`${id}-hint`}
        onChange={(e) => onChange(e.target.checked)}
      />
    </div>
  );
}

export function SettingsModal() {
  const { t } = useTranslation("settings");
  const sound = useSettings((s) => s.sound);
  const streamerMode = useSettings((s) => s.streamerMode);
  const setSound = useSettings((s) => s.setSound);
  const setStreamerMode = useSettings((s) => s.setStreamerMode);
  const sessionFigures = useSettings((s) => s.sessionFigures);
  const setSessionFigures = useSettings((s) => s.setSessionFigures);
  return (
    <div className="settings">
      <Switch
        checked={sound}
        label={t("sound.label")}
        hint={t("sound.hint")}
        onChange={(on) => {
          setSound(on);
          if (on) playSound("notice");
        }}
      />
      <Switch checked={streamerMode} label={t("streamer.label")} hint={t("streamer.hint")} onChange={setStreamerMode} />
      <p className="settings-preview">
        {t("streamer.preview")} <span className="participant-name">{t("streamer.sample_name")}</span>
      </p>
      <RealityCheckSetting />
      <Switch checked={sessionFigures} label={t("session.label")} hint={t("session.hint")} onChange={setSessionFigures} />
    </div>
  );
}

function RealityCheckSetting() {
  const { t } = useTranslation("settings");
  const { t: tCommon } = useTranslation();
  const id = useId();
  const protection = useProtection();
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: (m: (typeof PROTECTION.realityCheckMinutes)[number]) => api(protectionCalls.setRealityCheck, { minutes: m }),
    onSuccess: (answer) => {
      client.setQueryData(queryKeys.protection, answer.protection);
      // the reality check reads the interval with the session's figures
      void client.invalidateQueries({ queryKey: queryKeys.playSession });
    },
  });
  const choices = PROTECTION.realityCheckMinutes;
  // a visitor has no session to check; the choice appears once his account's is read
  if (!protection.data) return null;
  const minutes = save.isPending && save.variables !== undefined ? save.variables : protection.data.reality_check_minutes;
  const key = save.isError ? failureKey(save.error, "app_error.load") : null;
  return (
    <div className="setting-row">
      <div className="setting-text">
        <label htmlFor={id} className="setting-label">
          {t("reality.label")}
        </label>
        <p id={`${id}-hint`} className="setting-hint">
          {t("reality.hint")}
        </p>
        {key ? (
          <p role="alert" className="setting-hint">
            {displayMessage(key, tCommon)}
          </p>
        ) : null}
      </div>
      <select
        id={id}
        aria-describedby={`${id}-hint`}
        value={minutes}
        disabled={save.isPending}
        onChange={(e) => {
          const m = choices.find((c) => c === Number(e.target.value));
          if (m !== undefined) save.mutate(m);
        }}
      >
        {choices.map((m) => (
          <option key={m} value={m}>
            {m === 0 ? t("reality.off") : t("reality.every", { count: m })}
          </option>
        ))}
      </select>
    </div>
  );
}
