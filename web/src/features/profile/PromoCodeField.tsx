// The profile's promo code (§2, §7 usePromo): a balance code credits the balance at once. The
// notice tells the outcome (the server's §8 key); the field keeps a refused code for a fix.
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { promoCodeOf, useRedeemPromo } from "../../lib/promo";

export function PromoCodeField() {
  const { t } = useTranslation("profile");
  const [value, setValue] = useState("");
  const inputId = useId();
  const hintId = useId();
  const redeem = useRedeemPromo(() => setValue(""));
  const code = promoCodeOf(value);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (code && !redeem.isPending) redeem.mutate(code);
  }

  return (
    <form className="profile-form" onSubmit={submit} noValidate aria-busy={redeem.isPending}>
      <label htmlFor={inputId} className="profile-form__label">
        {t("promo.label")}
      </label>
      <div className="profile-form__row">
        <input
          id={inputId}
          type="text"
          name="promocode"
          autoComplete="off"
          spellCheck={false}
          maxLength={40}
          placeholder={t("promo.placeholder")}
          aria-describedby={hintId}
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
        <button type="submit" className="button button-primary" disabled={!code || redeem.isPending}>
          {redeem.isPending ? t("promo.applying") : t("promo.apply")}
        </button>
      </div>
      <p id={hintId} className="profile-form__hint">
        {t("promo.hint")}
      </p>
    </form>
  );
}
