import type { KeyboardEvent } from "react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { HistoryTable, type HistoryMode } from "./HistoryTable";

const MODES: readonly HistoryMode[] = ["crash", "jackpot", "wheel"];

type Rows = Record<string, unknown>[] | undefined;

/** Crash / Jackpot / Wheel histories behind tabs (arrow keys move between tabs). */
export function HistoryTabs({ crash, jackpot, wheel }: Record<HistoryMode, Rows>) {
  const { t } = useTranslation("profile");
  const [mode, setMode] = useState<HistoryMode>("crash");
  const baseId = useId();
  const rows = { crash, jackpot, wheel };

  function onKey(e: KeyboardEvent) {
    if (e.key !== "ArrowRight" && e.key !== "ArrowLeft") return;
    const i = MODES.indexOf(mode);
    const next = MODES[(i + (e.key === "ArrowRight" ? 1 : MODES.length - 1)) % MODES.length] ?? "crash";
    setMode(next);
    document.getElementById(`${baseId}-tab-${next}`)?.focus();
  }

  return (
    <>
      <div className="profile-tabs" role="tablist" aria-label={t("history.title")} onKeyDown={onKey}>
        {MODES.map((m) => (
          <button
            key={m}
            id={`${baseId}-tab-${m}`}
            type="button"
            role="tab"
            aria-selected={mode === m}
            aria-controls={`${baseId}-panel`}
            tabIndex={mode === m ? 0 : -1}
            className="profile-tabs__tab"
            onClick={() => setMode(m)}
          >
            {/* the mode names of the mode bar, in the current language */}
            {t(`modes.${m}`, { ns: "layout" })}
            {rows[m] && rows[m].length > 0 && <span className="profile-tabs__count">{rows[m].length}</span>}
          </button>
        ))}
      </div>
      <div id={`${baseId}-panel`} role="tabpanel" aria-labelledby={`${baseId}-tab-${mode}`}>
        <HistoryTable mode={mode} rows={rows[mode]} />
      </div>
    </>
  );
}
