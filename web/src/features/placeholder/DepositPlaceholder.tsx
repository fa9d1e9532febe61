// The "deposit" modal's content until the Payments issue: says deposits come later.
import { useTranslation } from "react-i18next";
import { ModalMessage } from "../../ui/ModalMessage";

export function DepositPlaceholder() {
  const { t } = useTranslation("placeholder");
  return <ModalMessage text={t("deposit.description")} ok={t("deposit.ok")} />;
}
