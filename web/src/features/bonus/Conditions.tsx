// The join conditions with the player's progress (docs/games.md "Bonus pool"): the tag in the nickname,
// chat messages x / N, crash bets $x / $N. A condition that is off reads "not required".
import { useTranslation } from "react-i18next";
import type { BonusCondition } from "../../../../shared/api/bonus";
import { formatDollars } from "../../ui/Money";
import { type BonusConditionName, CONDITION_ORDER } from "./joinBlock";

function ConditionText({ name, c }: { name: BonusConditionName; c: BonusCondition }) {
  const { t } = useTranslation("bonus");
  if (name === "username") return <>{t("conditions.username", { tag: String(c.required) })}</>;
  if (name === "chat_messages") return <>{t("conditions.chat_messages", { progress: c.progress, required: c.required })}</>;
  return <>{t("conditions.total_bet_sum", { progress: formatDollars(c.progress), required: formatDollars(Number(c.required)) })}</>;
}

export function Conditions({ conditions }: { conditions: Record<BonusConditionName, BonusCondition> }) {
  const { t } = useTranslation("bonus");
  return (
    <ul className="bonus-conditions">
      {CONDITION_ORDER.map((name) => {
        const c = conditions[name];
        const state = !c.is_active ? "off" : c.is_completed ? "done" : "missing";
        return (
          <li key={name} className={`bonus-condition is-${state}`} data-testid={`bonus-condition-${name}`} data-state={state}>
            <span className="bonus-condition-mark" aria-hidden="true">
              {state === "done" ? "✓" : state === "off" ? "–" : "•"}
            </span>
            <span className="bonus-condition-text">{c.is_active ? <ConditionText name={name} c={c} /> : t(`conditions.names.${name}`)}</span>
            <span className="bonus-condition-state">{t(`conditions.${state}`)}</span>
          </li>
        );
      })}
    </ul>
  );
}
