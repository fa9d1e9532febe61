// Withdrawal history (§3: id, system, wallet, amount, status, action, date), a page at a time
// (POST /api/user/history/withdraws, useHistory.ts): money rows (system 1–4, the wallet masked)
// next to skin rows (system "skins", the trade link), one list by date. The cancel action shows
// where the row carries it (a money withdrawal still in moderation); a cancel gives the items
// back, so the withdrawals (under the profile key), the balance and the inventory reload.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { WithdrawHistoryRow } from "../../../../shared/api/history";
import { moneyWithdrawCalls, type WithdrawSystemId } from "../../../../shared/api/money-withdraw";
import { MONEY_WITHDRAW } from "../../../../shared/constants";
import { api, ApiError } from "../../lib/api";
import { queryKeys } from "../../lib/queryKeys";
import { useUiStore } from "../../lib/uiStore";
import { dateTime, usd } from "./format";
import { canCancelWithdrawal, waitsOnBot } from "./historyRows";
import { ProfileTable } from "./ProfileTable";
import { useWithdrawHistory } from "./useHistory";
import { SecurityCode } from "../../ui/SecurityCode";

const COLUMNS = ["id", "system", "wallet", "amount", "status", "action", "date"] as const;

/** A skin withdrawal's id is a uuid: its first 8 characters name it in the table (the full one in the title). */
function shortId(id: number | string): string {
  return typeof id === "string" && id.length > 12 ? `${id.slice(0, 8)}…` : String(id);
}

/** The system's name key: "skins", or the money system of its number (§9: 1 wallet A … 4 prepaid). */
function systemOf(w: WithdrawHistoryRow): WithdrawSystemId | "skins" | null {
  if (w.system === "skins") return "skins";
  for (const [n, name] of Object.entries(MONEY_WITHDRAW.systems)) if (Number(n) === w.system) return name;
  return null;
}

export function WithdrawalsTable() {
  const { t, i18n } = useTranslation("profile");
  const queryClient = useQueryClient();
  const notify = useUiStore((s) => s.notify);
  const list = useWithdrawHistory();
  const cancel = useMutation({
    mutationFn: (id: number) => api(moneyWithdrawCalls.cancelWithdraw, { id, type: "money" }),
    onSuccess: (res) => {
      if (res.message) notify({ type: res.type === "success" ? "success" : "fail", message: res.message });
    },
    onError: (err) => notify({ type: "error", message: err instanceof ApiError && err.status !== 0 ? err.key : "user_error.send_cancel_withdrawal" }),
    // §7: after a cancel, the withdrawals (every page loaded), the balance and the inventory reload.
    onSettled: () => {
      for (const queryKey of [queryKeys.profile, queryKeys.user, queryKeys.inventory]) void queryClient.invalidateQueries({ queryKey });
    },
  });

  const systemName = (s: WithdrawSystemId | "skins" | null) => (s ? t(`withdrawals.systems.${s}`) : "—");
  return (
    <ProfileTable
      columns={COLUMNS}
      heading={(c) => t(`withdrawals.columns.${c}`)}
      list={list}
      empty={t("withdrawals.empty")}
      failed={t("withdrawals.load_failed")}
      label={t("withdrawals.title")}
    >
      {(rows) =>
        rows.map((w) => (
          <tr key={`${w.system === "skins" ? "s" : "m"}:${w.id}`} data-testid="withdrawal-row">
            <td data-label={t("withdrawals.columns.id")} title={typeof w.id === "string" ? w.id : undefined}>
              {shortId(w.id)}
            </td>
            <td data-label={t("withdrawals.columns.system")}>{systemName(systemOf(w))}</td>
            <td data-label={t("withdrawals.columns.wallet")} className="profile-table__wallet" title={w.wallet}>
              {w.wallet}
            </td>
            <td data-label={t("withdrawals.columns.amount")}>{usd(w.amount)}</td>
            <td data-label={t("withdrawals.columns.status")}>
              <span className={`profile-status profile-status--${w.status}`}>{t(`withdrawals.status.${w.status}`)}</span>
              {waitsOnBot(w, Date.now()) ? <p className="profile-table__note">{t("withdrawals.waiting_bot")}</p> : null}
              {"security_code" in w && w.security_code ? <SecurityCode code={w.security_code} compact /> : null}
            </td>
            <td data-label={t("withdrawals.columns.action")}>
              {canCancelWithdrawal(w) ? (
                <button
                  type="button"
                  className="button button-small"
                  disabled={cancel.isPending}
                  aria-busy={(cancel.isPending && cancel.variables === w.id) || undefined}
                  aria-label={t("withdrawals.cancel_label", { id: w.id })}
                  onClick={() => cancel.mutate(w.id)}
                  data-testid="withdraw-cancel"
                >
                  {t("withdrawals.cancel")}
                </button>
              ) : (
                "—"
              )}
            </td>
            <td data-label={t("withdrawals.columns.date")}>{dateTime(new Date(w.date), i18n.language)}</td>
          </tr>
        ))
      }
    </ProfileTable>
  );
}
