// The bet's auto-withdraw choice (§5 Multipliers): up to 4 custom values kept in local storage,
// the ∞ option (manual stop) and an edit mode; bets are disabled while editing.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CRASH } from "../../../../shared/constants";
import { compactMultiplier, INFINITE, normalizeMultipliers, writeBetMultiplier, writeMultipliers } from "./multipliers";

interface Props {
  values: number[];
  chosen: number;
  editing: boolean;
  onValues(values: number[]): void;
  onChosen(value: number): void;
  onEditing(editing: boolean): void;
}

export function MultiplierPicker({ values, chosen, editing, onValues, onChosen, onEditing }: Props) {
  const { t } = useTranslation("crash");
  const [draft, setDraft] = useState<string[]>([]);

  const startEdit = () => {
    setDraft(Array.from({ length: CRASH.maxCustomMultipliers }, (_, i) => (values[i] !== undefined ? String(values[i]) : "")));
    onEditing(true);
  };
  const save = () => {
    const next = normalizeMultipliers(draft);
    writeMultipliers(next);
    onValues(next);
    if (chosen !== INFINITE && !next.includes(chosen)) choose(INFINITE);
    onEditing(false);
  };
  const choose = (value: number) => {
    writeBetMultiplier(value);
    onChosen(value);
  };

  return (
    <div className="crash-multipliers">
      <div className="crash-multipliers-head">
        <span className="crash-board-label">{t("board.auto_withdraw")}</span>
        {editing ? (
          <span className="crash-multipliers-actions">
            <button type="button" className="button button-small" onClick={() => onEditing(false)}>
              {t("board.cancel")}
            </button>
            <button type="button" className="button button-small button-primary" onClick={save} data-testid="crash-multipliers-save">
              {t("board.save")}
            </button>
          </span>
        ) : (
          <button type="button" className="button button-small" onClick={startEdit} data-testid="crash-multipliers-edit">
            {t("board.edit")}
          </button>
        )}
      </div>
      {editing ? (
        <div className="crash-multipliers-list crash-multipliers-list--edit">
          {draft.map((v, i) => (
            <input
              key={i}
              className="crash-multiplier-input"
              inputMode="decimal"
              placeholder="—"
              aria-label={t("board.custom_value", { n: i + 1 })}
              value={v}
              onChange={(e) => setDraft(draft.map((d, j) => (j === i ? e.target.value : d)))}
            />
          ))}
        </div>
      ) : (
        <div className="crash-multipliers-list" role="radiogroup" aria-label={t("board.auto_withdraw")}>
          {values.map((v) => (
            <button key={v} type="button" role="radio" aria-checked={chosen === v} className="crash-multiplier-option" onClick={() => choose(v)}>
              {compactMultiplier(v)}
            </button>
          ))}
          <button
            type="button"
            role="radio"
            aria-checked={chosen === INFINITE}
            className="crash-multiplier-option crash-multiplier-infinite"
            onClick={() => choose(INFINITE)}
            title={t("board.manual")}
          >
            ∞
          </button>
        </div>
      )}
    </div>
  );
}
