// Settings (§1): sound (on by default) and streamer mode (off by default; blurs participant
// names). Both are kept in local storage "settings" by the settings store.
import { useId } from "react";
import { useTranslation } from "react-i18next";
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
    </div>
  );
}
