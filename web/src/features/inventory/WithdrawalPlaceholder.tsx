// The "withdrawal" modal's content until the Payments issue brings money withdrawals (§4
// Withdraw flow: "site withdrawal opens the withdrawal modal").
import { useTranslation } from "react-i18next";
import { ModalMessage } from "../../ui/ModalMessage";

export function WithdrawalPlaceholder() {
  const { t } = useTranslation("inventory");
  return <ModalMessage text={t("withdrawal.placeholder")} ok={t("withdrawal.ok")} />;
}
