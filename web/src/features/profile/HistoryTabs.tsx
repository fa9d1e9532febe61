// Crash / Jackpot / Wheel / Cases histories of one player behind tabs (WAI-ARIA tabs: arrow
// keys, Home and End move between tabs and select them). The selected tab is in the URL
// (?tab=wheel), so a reload or a shared link opens the same list.
import type { KeyboardEvent } from "react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import type { GameHistoryMode } from "../../../../shared/api/history";
import { GameHistory } from "./HistoryTable";

const MODES: readonly GameHistoryMode[] = ["crash", "jackpot", "wheel", "cases"];
const isMode = (v: string | null): v is GameHistoryMode => MODES.some((m) => m === v);

/** `own`: the signed-in player's own profile (a case opening then offers a ticket about it). */
export function HistoryTabs({ userId, own = false }: { userId: number; own?: boolean }) {
  const { t } = useTranslation("profile");
  const [params, setParams] = useSearchParams();
  const raw = params.get("tab");
  const mode: GameHistoryMode = isMode(raw) ? raw : "crash";
  const baseId = useId();

  function select(next: GameHistoryMode) {
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        p.set("tab", next);
        return p;
      },
      { replace: true, preventScrollReset: true },
    );
  }

  function onKey(e: KeyboardEvent) {
    const i = MODES.indexOf(mode);
    let next: GameHistoryMode | undefined;
    if (e.key === "ArrowRight") next = MODES[(i + 1) % MODES.length];
    else if (e.key === "ArrowLeft") next = MODES[(i + MODES.length - 1) % MODES.length];
    else if (e.key === "Home") next = MODES[0];
    else if (e.key === "End") next = MODES[MODES.length - 1];
    if (!next) return;
    e.preventDefault();
    select(next);
    document.getElementById(`${baseId}-tab-${next}`)?.focus();
  }

  return (
    <>
      <div className="profile-tabs" role="tablist" aria-label={t("history.tabs")} onKeyDown={onKey}>
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
            onClick={() => select(m)}
          >
            {/* the mode names of the mode bar, in the current language */}
            {t(`modes.${m}`, { ns: "layout" })}
          </button>
        ))}
      </div>
      <div id={`${baseId}-panel`} role="tabpanel" aria-labelledby={`${baseId}-tab-${mode}`} className="profile-tabpanel">
        <GameHistory key={`${mode}:${userId}`} mode={mode} userId={userId} own={own} />
      </div>
    </>
  );
}
