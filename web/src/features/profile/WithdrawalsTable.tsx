// Withdrawal history (§3: id, system, wallet, amount, status, action, date): the profile's
// `withdraws`, money rows (system 1–4, the wallet masked) next to skin rows (system "skins", the
// trade link). The cancel action shows where the row carries it (a money withdrawal still in
// moderation); a cancel gives the items back, so the inventory reloads with the profile and balance.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { MONEY_WITHDRAW } from "../../../../shared/constants";
import { useUiStore } from "../../lib/uiStore";
import { moneyWithdrawCalls } from "../../../../shared/api/money-withdraw";
import { api, ApiError } from "../../lib/api";
import { queryKeys } from "../../lib/queryKeys";
import { dateTime, usd } from "./format";
import { canCancelWithdrawal, toWithdrawalRow, type WithdrawalRow } from "./historyRows";
import { ProfileTable } from "./ProfileTable";

const COLUMNS = ["id", "system", "wallet", "amount", "status", "action", "date"] as const;
const STATUSES = ["sending", "completed", "canceled", "moderation"] as const;
const isKnownStatus = (s: string): s is (typeof STATUSES)[number] => (STATUSES as readonly string[]).includes(s);

function systemName(system: string | null): string | null {
  if (!system) return null;
  const byNumber = (MONEY_WITHDRAW.systems as Record<string, string>)[system];
  return byNumber ?? system;
}

/** A skin withdrawal's id is a uuid: its first 8 characters name it in the table (the full one in the title). */
function shortId(id: number | string | null): string {
  if (id === null) return "—";
  return typeof id === "string" && id.length > 12 ? `${id.slice(0, 8)}…` : String(id);
}

export function WithdrawalsTable({ rows }: { rows: Record<string, unknown>[] | undefined }) {
  const { t, i18n } = useTranslation("profile");
  const queryClient = useQueryClient();
  const notify = useUiStore((s) => s.notify);
  const cancel = useMutation({
    // the button shows on a cancellable row only: it has an id, and only a money withdrawal offers the cancel
    mutationFn: (row: WithdrawalRow) => api(moneyWithdrawCalls.cancelWithdraw, { id: row.id ?? "", type: "money" }),
    onSuccess: (res) => {
      if (res.message) notify({ type: res.type === "success" ? "success" : "fail", message: res.message });
    },
    onError: (err) => notify({ type: "error", message: err instanceof ApiError && err.status !== 0 ? err.key : "user_error.send_cancel_withdrawal" }),
    // §7: after a cancel, profile and balance reload (and the inventory: the items come back).
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.profile });
      void queryClient.invalidateQueries({ queryKey: queryKeys.user });
      void queryClient.invalidateQueries({ queryKey: queryKeys.inventory });
    },
  });

  return (
    <ProfileTable columns={COLUMNS} heading={(c) => t(`withdrawals.columns.${c}`)} rows={rows} empty={t("withdrawals.empty")} label={t("withdrawals.title")}>
      {(list) =>
        list.map(toWithdrawalRow).map((w, i) => {
          const system = systemName(w.system);
          return (
            <tr key={`${w.id ?? ""}:${i}`}>
              <td data-label={t("withdrawals.columns.id")} title={typeof w.id === "string" ? w.id : undefined}>
                {shortId(w.id)}
              </td>
              <td data-label={t("withdrawals.columns.system")}>{system ? t(`withdrawals.systems.${system}`, { defaultValue: system }) : "—"}</td>
              <td data-label={t("withdrawals.columns.wallet")} className="profile-table__wallet">
                {w.wallet ?? "—"}
              </td>
              <td data-label={t("withdrawals.columns.amount")}>{usd(w.amount)}</td>
              <td data-label={t("withdrawals.columns.status")}>
                {w.status ? (
                  <span className={`profile-status profile-status--${w.status}`}>
                    {isKnownStatus(w.status) ? t(`withdrawals.status.${w.status}`) : w.status}
                  </span>
                ) : (
                  "—"
                )}
              </td>
              <td data-label={t("withdrawals.columns.action")}>
                {canCancelWithdrawal(w) ? (
                  <button
                    type="button"
                    className="button button-small"
                    disabled={cancel.isPending}
                    aria-busy={(cancel.isPending && cancel.variables?.id === w.id) || undefined}
                    aria-label={t("withdrawals.cancel_label", { id: w.id })}
                    onClick={() => cancel.mutate(w)}
                    data-testid="withdraw-cancel"
                  >
                    {t("withdrawals.cancel")}
                  </button>
                ) : (
                  "—"
                )}
              </td>
              <td data-label={t("withdrawals.columns.date")}>{dateTime(w.date, i18n.language)}</td>
            </tr>
          );
        })
      }
    </ProfileTable>
  );
}
