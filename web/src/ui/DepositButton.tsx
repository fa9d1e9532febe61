// The empty stake form's way forward (docs/api.md "Interface conventions"): a player with neither items
// nor balance is offered the deposit dialog right where the items would be.
import { useTranslation } from "react-i18next";
import { useUiStore } from "../lib/uiStore";

export function DepositButton() {
  const { t } = useTranslation("common");
  const openModal = useUiStore((s) => s.openModal);
  return (
    <button type="button" className="button button-primary stake-deposit" onClick={() => openModal("deposit")} data-testid="stake-deposit">
      {t("stake.deposit")}
    </button>
  );
}
