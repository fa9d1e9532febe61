// Settings (§1): sound (on by default), streamer mode (off by default; blurs participant
// names), the reality check's interval and the session figures in the header (docs/protection.md
// "Reality check"). All are kept in local storage "settings" by the settings store.
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { PROTECTION } from "../../../../shared/constants";
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
  const id = useId();
  const minutes = useSettings((s) => s.realityCheckMinutes);
  const setMinutes = useSettings((s) => s.setRealityCheckMinutes);
  const choices: readonly number[] = PROTECTION.realityCheckMinutes;
  return (
    <div className="setting-row">
      <div className="setting-text">
        <label htmlFor={id} className="setting-label">
          {t("reality.label")}
        </label>
        <p id={`${id}-hint`} className="setting-hint">
          {t("reality.hint")}
        </p>
      </div>
      <select id={id} aria-describedby={`${id}-hint`} value={choices.includes(minutes) ? minutes : ""} onChange={(e) => setMinutes(Number(e.target.value))}>
        {choices.includes(minutes) ? null : <option value="">{t("reality.every", { count: minutes })}</option>}
        {choices.map((m) => (
          <option key={m} value={m}>
            {m === 0 ? t("reality.off") : t("reality.every", { count: m })}
          </option>
        ))}
      </select>
    </div>
  );
}
