// Skins deposit history: date, items, amount, status — credited ones with the end of
// their trade protection (the items cannot be withdrawn before it). A page at a time
// (POST /api/user/history/skinDeposits, useHistory.ts).
import { useTranslation } from "react-i18next";
import type { SkinDepositJson } from "../../../../shared/api/skins-deposit";
import { dateTime, usd } from "./format";
import { ProfileTable } from "./ProfileTable";
import { useItemName } from "../../ui/itemWords";
import { waitsOnBot } from "./historyRows";
import { useSkinDepositHistory } from "./useHistory";
import { SecurityCode } from "../../ui/SecurityCode";

const COLUMNS = ["date", "items", "amount", "status"] as const;

export function SkinDepositsTable() {
  const itemName = useItemName();
  const { t, i18n } = useTranslation("profile");
  const list = useSkinDepositHistory();
  const status = (d: SkinDepositJson) => {
    if (d.credited_at === null) return t(`skin_deposits.states.${d.state}`);
    if (d.tradable_after && d.tradable_after > Date.now()) return t("skin_deposits.protected", { date: dateTime(new Date(d.tradable_after), i18n.language) });
    return t("skin_deposits.credited");
  };
  return (
    <ProfileTable
      columns={COLUMNS}
      heading={(c) => t(`skin_deposits.${c}`)}
      list={list}
      empty={t("skin_deposits.empty")}
      failed={t("skin_deposits.load_failed")}
      label={t("skin_deposits.title")}
    >
      {(rows) =>
        rows.map((d) => (
          <tr key={d.id} data-testid="skin-deposit-row" data-state={d.state}>
            <td data-label={t("skin_deposits.date")}>{dateTime(new Date(d.created_at), i18n.language)}</td>
            <td data-label={t("skin_deposits.items")}>{d.items.map((i) => itemName(i.name)).join(", ")}</td>
            <td data-label={t("skin_deposits.amount")}>{usd(d.amount)}</td>
            <td data-label={t("skin_deposits.status")}>
              {status(d)}
              {waitsOnBot(d, Date.now()) ? <p className="profile-table__note">{t("skin_deposits.waiting_bot")}</p> : null}
              {d.security_code ? <SecurityCode code={d.security_code} compact /> : null}
            </td>
          </tr>
        ))
      }
    </ProfileTable>
  );
}
