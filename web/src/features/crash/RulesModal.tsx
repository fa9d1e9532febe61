// §2's crash rules modal, opened from the board: the stages, cash-out, the per-round limits and
// the 1.01–1.20 ban, the payout rule, auto-bet, the bonus share and provable fairness in two lines.
// Every number comes from shared/constants.
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { CRASH } from "../../../../shared/constants";
import { useUiStore } from "../../lib/uiStore";
import { Modal } from "../../ui/Modal";

export const CRASH_RULES_MODAL = "crashRules";

export function RulesModal() {
  const { t } = useTranslation("crash");
  const closeModal = useUiStore((s) => s.closeModal);
  return (
    <Modal name={CRASH_RULES_MODAL} title={t("rules.title")} size="sm">
      <div className="crash-rules" data-testid="crash-rules">
        <p>{t("rules.stages", { seconds: CRASH.countdownMs / 1000, second: CRASH.stages.second.toFixed(2), third: CRASH.stages.third.toFixed(2) })}</p>
        <p>{t("rules.cashout")}</p>
        <p>
          {t("rules.limits", {
            bets: CRASH.maxOwnBets,
            manual: CRASH.maxInfiniteBets,
            min: CRASH.abuseRange.min.toFixed(2),
            max: CRASH.abuseRange.max.toFixed(2),
          })}
        </p>
        <p>{t("rules.payout")}</p>
        <p>{t("rules.auto")}</p>
        <p>{t("rules.bonus", { percent: CRASH.bonusSharePercent })}</p>
        <p>
          {t("rules.fair")}{" "}
          <Link to="/provably-fair" onClick={closeModal}>
            {t("rules.fair_link")}
          </Link>
        </p>
        <button type="button" className="button button-primary crash-rules__close" onClick={closeModal}>
          {t("rules.close")}
        </button>
      </div>
    </Modal>
  );
}
