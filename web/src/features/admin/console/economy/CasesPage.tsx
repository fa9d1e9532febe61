// /admin/cases: every case (published or not) with its price, EV, RTP at current catalogue prices
// and whether that RTP lies in the band a published case needs; each opens its editor.
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { AdminCaseJson } from "../../../../../../shared/api/cases";
import { rtpInBand } from "../../../../../../shared/case-odds";
import { CASES } from "../../../../../../shared/constants";
import { failureKey } from "../../../../lib/api";
import { displayMessage } from "../../../../lib/i18n";
import { formatDollars } from "../../../../ui/Money";
import { Skeleton } from "../../../../ui/Spinner";
import { LoadFailed } from "../../../../ui/StateNote";
import { useAdminCases } from "./useEconomy";
import "./economy.css";

export default function CasesPage() {
  const { t } = useTranslation("console_economy");
  const { t: tCommon } = useTranslation();
  const cases = useAdminCases();
  let body: ReactNode;
  if (cases.isPending) body = <Skeleton width="100%" height={160} />;
  else if (cases.isError)
    body = (
      <LoadFailed
        message={displayMessage(failureKey(cases.error, "console_error.load") ?? "console_error.load", tCommon)}
        onRetry={() => void cases.refetch()}
      />
    );
  else if (cases.data.cases.length === 0) body = <p className="state-note">{t("cases.empty")}</p>;
  else body = <CasesTable cases={cases.data.cases} />;
  return (
    <section className="console-card economy-page" aria-labelledby="economy-cases-title">
      <div className="economy-head">
        <h1 id="economy-cases-title">{t("cases.title")}</h1>
        <Link className="button button-primary" to="/admin/cases/new">
          {t("cases.new")}
        </Link>
      </div>
      <p className="console-hint">{t("cases.band", { min: CASES.rtpBounds.min, max: CASES.rtpBounds.max })}</p>
      {body}
    </section>
  );
}

function CasesTable({ cases }: { cases: readonly AdminCaseJson[] }) {
  const { t } = useTranslation("console_economy");
  return (
    <div className="console-table-box">
      <table className="console-table" data-testid="economy-cases">
        <caption className="sr-only">{t("cases.title")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("cases.name")}</th>
            <th scope="col" className="is-numeric">
              {t("cases.price")}
            </th>
            <th scope="col" className="is-numeric">
              {t("cases.ev")}
            </th>
            <th scope="col" className="is-numeric">
              {t("cases.rtp")}
            </th>
            <th scope="col" className="is-numeric">
              {t("cases.items")}
            </th>
            <th scope="col">{t("cases.state")}</th>
          </tr>
        </thead>
        <tbody>
          {cases.map((c) => {
            const inBand = c.items.length > 0 && rtpInBand(c.rtp);
            return (
              <tr key={c.id} data-testid="economy-case-row">
                <td>
                  <Link to={`/admin/cases/${c.id}`}>{c.name}</Link>
                </td>
                <td className="is-numeric">{formatDollars(c.price)}</td>
                <td className="is-numeric">{formatDollars(c.ev)}</td>
                <td className="is-numeric">
                  <span className={inBand ? undefined : "economy-out"}>{t("cases.rtp_value", { rtp: c.rtp.toFixed(2) })}</span>
                  {inBand ? null : <span className="sr-only"> {t("cases.out_of_band")}</span>}
                </td>
                <td className="is-numeric">{c.items.length}</td>
                <td>
                  <span className={`economy-state economy-state--${c.active ? "on" : "off"}`}>{t(c.active ? "cases.published" : "cases.hidden")}</span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
