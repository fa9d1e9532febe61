// The history strip (the last results as coloured chips, each linking to /wheel/{id}) and the
// round's stats (§3: total bank, total items, total users).
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Money } from "../../ui/Money";
import { useWheelStore } from "./store";

export function Summary() {
  const { t } = useTranslation("wheel");
  const history = useWheelStore((s) => s.history);
  const stats = useWheelStore((s) => s.stats);
  return (
    <section className="wheel-summary" aria-label={t("summary.label")}>
      {history.length === 0 ? (
        <p className="wheel-muted">{t("summary.no_history")}</p>
      ) : (
        <ol className="wheel-history" aria-label={t("summary.history")} data-testid="wheel-history">
          {history.map((h) => (
            <li key={h.id}>
              <Link
                to={`/wheel/${h.id}`}
                className={`wheel-chip wheel-chip--${h.colour}`}
                aria-label={t("summary.chip", { id: h.id, colour: t(`colours.${h.colour}`), multiplier: h.multiplier })}
              >
                ×{h.multiplier}
              </Link>
            </li>
          ))}
        </ol>
      )}
      <dl className="wheel-stats">
        <div>
          <dt>{t("summary.bank")}</dt>
          <dd data-testid="wheel-stat-bank">
            <Money amount={stats.total_bank} />
          </dd>
        </div>
        <div>
          <dt>{t("summary.items_label")}</dt>
          <dd>{t("summary.items", { count: stats.total_items })}</dd>
        </div>
        <div>
          <dt>{t("summary.users_label")}</dt>
          <dd>{t("summary.users", { count: stats.total_users })}</dd>
        </div>
      </dl>
    </section>
  );
}
