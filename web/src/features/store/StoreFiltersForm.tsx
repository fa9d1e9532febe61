// The storehouse filters: a name search and the price bounds (numeric, min 0, step 0.01, §5).
import { useId } from "react";
import { useTranslation } from "react-i18next";

interface StoreFiltersFormProps {
  search: string;
  onSearch(v: string): void;
  minText: string;
  onMin(v: string): void;
  maxText: string;
  onMax(v: string): void;
  minInvalid: boolean;
  maxInvalid: boolean;
  /** the max field shows the balance because the user has not typed one */
  maxFollowsBalance: boolean;
  /** signed in with a typed max: offer to go back to the balance */
  canResetMax: boolean;
  onResetMax(): void;
}

export function StoreFiltersForm(p: StoreFiltersFormProps) {
  const { t } = useTranslation("store");
  const hintId = useId();
  return (
    <form className="store__filters" role="search" aria-label={t("filters.label")} onSubmit={(e) => e.preventDefault()}>
      <label className="store__field store__field--search">
        <span>{t("filters.search")}</span>
        <input
          type="search"
          value={p.search}
          placeholder={t("filters.search_placeholder")}
          maxLength={100}
          autoComplete="off"
          onChange={(e) => p.onSearch(e.target.value)}
        />
      </label>
      <label className="store__field">
        <span>{t("filters.min")}</span>
        <input
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          value={p.minText}
          aria-invalid={p.minInvalid || undefined}
          onChange={(e) => p.onMin(e.target.value)}
        />
      </label>
      <label className="store__field">
        <span>{t("filters.max")}</span>
        <input
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          value={p.maxText}
          placeholder={t("filters.max_any")}
          aria-invalid={p.maxInvalid || undefined}
          aria-describedby={p.maxFollowsBalance ? hintId : undefined}
          onChange={(e) => p.onMax(e.target.value)}
        />
      </label>
      {p.maxFollowsBalance ? (
        <p id={hintId} className="store__hint">
          {t("filters.max_is_balance")}
        </p>
      ) : p.canResetMax ? (
        <button type="button" className="store__link" onClick={p.onResetMax}>
          {t("filters.max_reset")}
        </button>
      ) : null}
    </form>
  );
}
