// The profile's promo code (§2, §7 usePromo): a balance code credits the balance at once.
import { useTranslation } from "react-i18next";
import { PromoCodeForm } from "../../ui/PromoCodeForm";

export function PromoCodeField() {
  const { t } = useTranslation("profile");
  return (
    <PromoCodeForm
      block="profile-form"
      text={{ label: t("promo.label"), placeholder: t("promo.placeholder"), apply: t("promo.apply"), applying: t("promo.applying"), hint: t("promo.hint") }}
    />
  );
}
