// An offer's security code as the player sees it next to the offer (docs/trade-bot.md "Security
// code"): the code the bot wrote in the offer's message, and where to check an offer received.
// Shared by the skins deposit dialog, the profile's skin lists and /offer-check.
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import "./security-code.css";

export function SecurityCode({ code, compact = false }: { code: string; compact?: boolean }) {
  const { t } = useTranslation("offer_check");
  if (compact)
    return (
      <span className="security-code security-code--compact">
        {t("code.short")} <code className="security-code__value">{code}</code>
      </span>
    );
  return (
    <div className="security-code" data-testid="security-code">
      <p>
        {t("code.label")} <code className="security-code__value">{code}</code>
      </p>
      <p className="security-code__hint">
        {t("code.hint")} <Link to="/offer-check">{t("code.check")}</Link>
      </p>
    </div>
  );
}
