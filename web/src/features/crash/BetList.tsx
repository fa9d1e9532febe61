// The bet list (§2): the round's bets; in wide mode (a wide list, checked 350 ms after it
// appears and on resize) rows show 3 items instead of 2.
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { UI } from "../../../../shared/constants";
import { EmptyState } from "../../ui/EmptyState";
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
  const bets = useCrashStore((s) => s.bets);
  const selfBets = useCrashStore((s) => s.selfBets);
  const ref = useRef<HTMLElement>(null);
  const wide = useWide(ref);
  const own = new Set(selfBets.map((b) => b.id));
  return (
    <section className="crash-bets" ref={ref} aria-label={t("bets.label")}>
      <h2 className="crash-section-title">{t("bets.title", { count: bets.length })}</h2>
      {bets.length === 0 ? (
        <EmptyState title={t("bets.empty")} />
      ) : (
        <ul className="crash-bet-list" data-wide={wide}>
          {bets.map((b) => (
            <BetRow key={b.id} bet={b} wide={wide} own={own.has(b.id)} />
          ))}
        </ul>
      )}
    </section>
  );
}
