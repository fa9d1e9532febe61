import { useId } from "react";
import { useTranslation } from "react-i18next";

/** Promo codes arrive with their own issue; the field is shown disabled with a hint until then. */
export function PromoCodeField() {
  const { t } = useTranslation("profile");
  const inputId = useId();
  const hintId = useId();
  return (
    <div className="profile-form">
      <label htmlFor={inputId} className="profile-form__label">
        {t("promo.label")}
      </label>
      <div className="profile-form__row">
        <input id={inputId} type="text" disabled placeholder={t("promo.placeholder")} aria-describedby={hintId} />
        <button type="button" className="button button-primary" disabled>
          {t("promo.apply")}
        </button>
      </div>
      <p id={hintId} className="profile-form__hint">
        {t("promo.later")}
      </p>
    </div>
  );
}
