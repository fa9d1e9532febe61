// Money deposit history, a page at a time (POST /api/user/history/deposits, useHistory.ts):
// date, method, amount, status, bonus, id. A payment under review asks the player to contact
// support (the provider reported something the order did not expect) and links to the new-ticket
// form with the payment as its reference.
import { useTranslation } from "react-i18next";
import type { PaymentJson } from "../../../../shared/api/payments";
import { SupportLink } from "../../ui/SupportLink";
import { dateTime, usd } from "./format";
import { ProfileTable } from "./ProfileTable";
import { useDepositHistory } from "./useHistory";

// the id last: on a phone the table scrolls sideways, the date, amount and status come first
const COLUMNS = ["date", "method", "sum", "status", "bonus", "id"] as const;

export function MoneyDepositsTable() {
  const { t, i18n } = useTranslation("profile");
  const { t: tDeposit } = useTranslation("deposit");
  const list = useDepositHistory();
  const bonus = (p: PaymentJson) => (p.bonus > 0 ? `+${usd(p.bonus)}` : "—");
  return (
    <ProfileTable
      columns={COLUMNS}
      heading={(c) => t(`money_deposits.${c}`)}
      list={list}
      empty={t("money_deposits.empty")}
      failed={t("money_deposits.load_failed")}
      label={t("money_deposits.title")}
    >
      {(rows) =>
        rows.map((p) => (
          <tr key={p.id} data-testid="money-deposit-row" data-status={p.status}>
            <td data-label={t("money_deposits.date")}>{dateTime(new Date(p.created_at), i18n.language)}</td>
            <td data-label={t("money_deposits.method")}>{tDeposit(`money.method.${p.method}`)}</td>
            <td data-label={t("money_deposits.sum")}>{usd(p.sum)}</td>
            <td data-label={t("money_deposits.status")}>
              <span className={`profile-status profile-status--${p.status}`}>{t(`money_deposits.states.${p.status}`)}</span>
              {p.status === "review" || p.status === "refused" ? (
                <>
                  {" "}
                  <SupportLink kind="payment" id={p.id} className="profile-support-link" />
                </>
              ) : null}
            </td>
            <td data-label={t("money_deposits.bonus")}>{bonus(p)}</td>
            <td data-label={t("money_deposits.id")} className="profile-table__wallet" title={p.id}>
              {p.id}
            </td>
          </tr>
        ))
      }
    </ProfileTable>
  );
}
