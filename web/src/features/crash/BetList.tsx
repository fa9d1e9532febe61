// The bet list (§2): the round's bets; in wide mode (a wide list, checked 350 ms after it
// appears and on resize) rows show 3 items instead of 2.
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { UI } from "../../../../shared/constants";
import { EmptyState } from "../../ui/EmptyState";
import { useUiStore } from "../../lib/uiStore";
import { ALL_BETS_MODAL, AllBetsModal } from "./AllBetsModal";
import { BetRow } from "./BetRow";
import { useCrashStore } from "./store";

/** A list at least this wide shows 3 items per row. */
const WIDE_PX = 560;

function useWide(ref: React.RefObject<HTMLElement | null>): boolean {
  const [wide, setWide] = useState(false);
  useEffect(() => {
    const measure = () => setWide((ref.current?.clientWidth ?? 0) >= WIDE_PX);
    const timer = setTimeout(measure, UI.betRowItems.wideAfterMs);
    window.addEventListener("resize", measure);
    return () => {
      clearTimeout(timer);
      window.removeEventListener("resize", measure);
    };
  }, [ref]);
  return wide;
}

export function BetList() {
  const { t } = useTranslation("crash");
  const top = useCrashStore((s) => s.bets);
  const selfBets = useCrashStore((s) => s.selfBets);
  const betsCount = useCrashStore((s) => s.betsCount);
  const roundId = useCrashStore((s) => s.roundId);
  const openModal = useUiStore((s) => s.openModal);
  const ref = useRef<HTMLElement>(null);
  const wide = useWide(ref);
  const own = new Set(selfBets.map((b) => b.id));
  const inTop = new Set(top.map((b) => b.id));
  // the player's own bets first (those the board does not show among the biggest), then the biggest
  const bets = [...selfBets.filter((b) => !inTop.has(b.id)), ...top];
  const count = Math.max(betsCount, bets.length);
  return (
    <section className="crash-bets" ref={ref} aria-label={t("bets.label")}>
      <h2 className="crash-section-title">{t("bets.title", { count })}</h2>
      {bets.length === 0 ? (
        <EmptyState title={t("bets.empty")} />
      ) : (
        <>
          {count > bets.length && <p className="crash-bets-note">{t(selfBets.length > 0 ? "bets.biggest_own" : "bets.biggest", { count: top.length })}</p>}
          <ul className="crash-bet-list" data-wide={wide}>
            {bets.map((b) => (
              <BetRow key={b.id} bet={b} wide={wide} own={own.has(b.id)} />
            ))}
          </ul>
          {count > bets.length && (
            <button type="button" className="button button-small crash-bets-all" onClick={() => openModal(ALL_BETS_MODAL)}>
              {t("bets.show_all", { count })}
            </button>
          )}
        </>
      )}
      <AllBetsModal roundId={roundId} own={own} />
    </section>
  );
}
