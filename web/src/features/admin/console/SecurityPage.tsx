// /admin/security: the caller's second factor — until when this session is past it, the recovery
// codes left, and the enrolment when there is none yet (a dev-login session passes without one).
import { useTranslation } from "react-i18next";
import { Spinner } from "../../../ui/Spinner";
import { EnrolForm } from "./SecondFactorForms";
import { useOtpStatus } from "./useSecondFactor";

export default function SecurityPage() {
  const { t, i18n } = useTranslation("console");
  const status = useOtpStatus();
  if (!status.data) return <Spinner label={t("loading")} />;
  const s = status.data;
  if (!s.enrolled) return <EnrolForm />;
  const until = s.passed_until === null ? "—" : new Date(s.passed_until).toLocaleString(i18n.language);
  return (
    <section className="console-card" aria-labelledby="security-title">
      <h1 id="security-title">{t("security.title")}</h1>
      <dl className="console-facts">
        <dt>{t("security.enrolled")}</dt>
        <dd>{t("security.yes")}</dd>
        <dt>{t("security.passed_until")}</dt>
        <dd>{until}</dd>
        <dt>{t("security.recovery_left")}</dt>
        <dd data-testid="recovery-left">{s.recovery_left}</dd>
      </dl>
      <p className="console-hint">{t("security.lost_phone")}</p>
    </section>
  );
}
