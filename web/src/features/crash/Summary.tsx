// The summary (§2): the last 20 multipliers (colour classes of §9, each linking to its round),
// the players, the bank and the items of the current round.
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Money } from "../../ui/Money";
import { useCrashStore } from "./store";

export function Summary() {
  const { t } = useTranslation("crash");
  const history = useCrashStore((s) => s.history);
  const players = useCrashStore((s) => s.playersCount);
  const bank = useCrashStore((s) => s.bank);
  const items = useCrashStore((s) => s.itemsCount);
  return (
    <section className="crash-summary" aria-label={t("summary.label")}>
      <ol className="crash-history" aria-label={t("summary.history")} data-testid="crash-history">
        {history.map((h) => (
          <li key={h.id}>
            <Link to={`/crash/${h.id}`} className={`crash-history-chip ${h.colourClass}`} title={t("summary.round", { id: h.id })}>
              {h.value.toFixed(2)}×
            </Link>
          </li>
        ))}
      </ol>
      <dl className="crash-totals">
        <div>
          <dt>{t("summary.players_label")}</dt>
          <dd data-testid="crash-players">{t("summary.players", { count: players })}</dd>
        </div>
        <div>
          <dt>{t("summary.bank")}</dt>
          <dd>
            <Money amount={bank} />
          </dd>
        </div>
        <div>
          <dt>{t("summary.items_label")}</dt>
          <dd>{t("summary.items", { count: items })}</dd>
        </div>
      </dl>
    </section>
  );
}
