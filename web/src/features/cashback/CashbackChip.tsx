// The header's cashback: the amount, live (app/liveHub.tsx puts updateCashback into the
// cached user); a click opens the cashback modal. Signed-in users only.
import { useTranslation } from "react-i18next";
import { formatCashback } from "../../../../shared/cashback";
import { useSignedInUser } from "../../lib/session/useCurrentUser";
import { useUiStore } from "../../lib/uiStore";
import "./cashback.css";

export function CashbackChip({ className = "" }: { className?: string }) {
  const { t } = useTranslation("cashback");
  const user = useSignedInUser();
  const openModal = useUiStore((s) => s.openModal);
  const closePanel = useUiStore((s) => s.closePanel);
  if (!user) return null;
  const amount = formatCashback(user.cashback);
  return (
    <button
      type="button"
      className={`cashback-chip ${className}`.trim()}
      onClick={() => {
        closePanel(); // from the "more" panel: the modal replaces it
        openModal("cashback");
      }}
    >
      <span className="cashback-chip-label">{t("title")}</span>
      <span className="cashback-chip-amount">{amount}</span>
    </button>
  );
}
