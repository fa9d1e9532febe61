// The "withdrawal" modal's content until the Payments issue brings money withdrawals (§4
// Withdraw flow: "site withdrawal opens the withdrawal modal").
import { useTranslation } from "react-i18next";
import { useUiStore } from "../../lib/uiStore";

export function WithdrawalPlaceholder() {
  const { t } = useTranslation("inventory");
  const closeModal = useUiStore((s) => s.closeModal);
  return (
    <div className="modal-placeholder">
      <p>{t("withdrawal.placeholder")}</p>
      <button type="button" className="button button-primary" onClick={closeModal}>
        {t("withdrawal.ok")}
      </button>
    </div>
  );
}
