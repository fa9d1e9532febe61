// The "deposit" modal's content until the Payments issue: says deposits come later.
import { useTranslation } from "react-i18next";
import { useUiStore } from "../../lib/uiStore";

export function DepositPlaceholder() {
  const { t } = useTranslation("placeholder");
  const closeModal = useUiStore((s) => s.closeModal);
  return (
    <div className="modal-placeholder">
      <p>{t("deposit.description")}</p>
      <button type="button" className="button button-primary" onClick={closeModal}>
        {t("deposit.ok")}
      </button>
    </div>
  );
}
