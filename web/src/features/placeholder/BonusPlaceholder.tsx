// The bonus panel's content until the bonus room is built: what the pool is and how it pays.
import { useTranslation } from "react-i18next";
import { formatDollars } from "../../ui/Money";
import { useBanksStore } from "../../lib/banksStore";

export function BonusPlaceholder() {
  const { t } = useTranslation("placeholder");
  const bank = useBanksStore((s) => s.bonus.bank);
  return (
    <div className="bonus-placeholder">
      <p className="bonus-placeholder-bank">
        <span>{t("bonus.bank")}</span>
        <strong>{formatDollars(bank)}</strong>
      </p>
      <p>{t("bonus.description")}</p>
      <span className="badge badge-soon">{t("bonus.soon")}</span>
    </div>
  );
}
