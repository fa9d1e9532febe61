// The "withdrawal" modal (§2 Modals, §4 Withdraw flow, §5 Withdrawal): the selected items' value
// goes out as money. It shows the items and their value, the §9 systems (one greyed out with its
// reason when no provider serves it), the account field checked per system (moneyWithdrawForm),
// the 20 % tax and what arrives, what may be withdrawn now (or why nothing), and the confirm box.
// Confirm → POST /api/user/createWithdraw with the shown value as `sum`; the same form confirmed
// again keeps its request id. A refusal is shown here; sum_changed shows the new value and asks
// to confirm again.
import { useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { AvailableWithdrawAnswer, WithdrawSystemNumber } from "../../../../shared/api/money-withdraw";
import { formatCents, toCents } from "../../../../shared/money";
import { ApiError, failureKey } from "../../lib/api";
import { displayMessage } from "../../lib/i18n";
import { useInventoryQuery } from "../../lib/inventory";
import { nextAttempt, type RequestAttempt } from "../../lib/requestAttempt";
import { notify, useUiStore } from "../../lib/uiStore";
import { formatCentsAsDollars } from "../../ui/formatCents";
import { ItemImage } from "../../ui/ItemImage";
import { formatDollars } from "../../ui/Money";
import { ModalMessage } from "../../ui/ModalMessage";
import { Spinner } from "../../ui/Spinner";
import { LoadFailed } from "../../ui/StateNote";
import {
  blockedReason,
  canTickConfirm,
  changedSumCents,
  checkWallet,
  confirmBlocker,
  formatWalletInput,
  itemsValueCents,
  type WithdrawSystemName,
  withdrawFormKey,
  withdrawQuote,
} from "./moneyWithdrawForm";
import { inventorySelection, useInventorySelection } from "./selectionStore";
import type { InventoryItem } from "./types";
import { useAvailableWithdraw, useCreateWithdraw } from "./useMoneyWithdraw";
import "./withdrawal.css";
import { useItemName } from "../../ui/itemWords";

export function WithdrawalModal() {
  const { t } = useTranslation("inventory");
  const { t: tCommon } = useTranslation("common");
  const available = useAvailableWithdraw();
  const inventory = useInventoryQuery(true);
  const selected = useInventorySelection((s) => s.selected);
  // the items picked when the modal opened; a reload after a refusal keeps them (with new prices)
  const [ids] = useState(() => selected);
  const items = useMemo(() => (inventory.data?.items ?? []).filter((i) => ids.includes(i.myId)), [inventory.data, ids]);

  if (available.isPending || inventory.isPending) {
    return (
      <div className="money-withdraw money-withdraw--loading" aria-busy="true">
        <Spinner />
        <span className="sr-only">{t("withdrawal.loading")}</span>
      </div>
    );
  }
  if (available.isError) {
    return (
      <LoadFailed
        message={displayMessage(failureKey(available.error, "withdrawal_error.load_available") ?? "withdrawal_error.load_available", tCommon)}
        onRetry={() => void available.refetch()}
      />
    );
  }
  if (ids.length === 0 || items.length === 0) return <ModalMessage text={t("withdrawal.no_items")} ok={t("withdrawal.ok")} />;
  return <WithdrawForm items={items} info={available.data} />;
}

function WithdrawForm({ items, info }: { items: readonly InventoryItem[]; info: AvailableWithdrawAnswer }) {
  const itemName = useItemName();
  const { t } = useTranslation("inventory");
  const { t: tCommon } = useTranslation("common");
  const closeModal = useUiStore((s) => s.closeModal);
  const create = useCreateWithdraw();
  const firstSystem = info.systems.find((s) => s.available)?.id ?? null;
  const [system, setSystem] = useState<number | null>(firstSystem);
  const [walletText, setWalletText] = useState("");
  const [walletTouched, setWalletTouched] = useState(false);
  const [confirmed, setConfirmed] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  /** the value the server answered with sum_changed: shown (and sent) until the player confirms it */
  const [newSumCents, setNewSumCents] = useState<number | null>(null);
  const attempt = useRef<RequestAttempt | null>(null);
  const ids = { methods: useId(), wallet: useId(), walletNote: useId(), confirm: useId(), confirmNote: useId(), why: useId() };

  const picked = info.systems.find((s) => s.id === system) ?? null;
  const systemName = (picked?.name ?? "card") as WithdrawSystemName;
  const wallet = picked ? checkWallet(systemName, walletText) : { value: null, problem: "empty" as const };
  const amountCents = newSumCents ?? itemsValueCents(items);
  const quote = withdrawQuote(amountCents, info.tax_percent);
  const reason = blockedReason(info);
  const minCents = toCents(info.min_sum);
  const availableCents = toCents(info.available);
  const tickable = canTickConfirm({ amountCents, system: picked, walletValid: wallet.value !== null });
  const blocker = confirmBlocker({
    amountCents,
    minCents,
    availableCents,
    blocked: reason !== null,
    system: picked,
    walletValid: wallet.value !== null,
    confirmed: confirmed && tickable,
  });
  const showWalletProblem = walletTouched && wallet.problem !== null && walletText.trim() !== "";

  function changed() {
    setProblem(null);
  }

  function submit() {
    if (blocker || create.isPending || !picked || !wallet.value) return;
    setProblem(null);
    const body = { sumCents: amountCents, system: picked.id, wallet: wallet.value, items: items.map((i) => i.myId) };
    attempt.current = nextAttempt(attempt.current, withdrawFormKey(body), () => crypto.randomUUID());
    create.mutate(
      {
        sum: formatCents(amountCents),
        wallet: wallet.value,
        system: picked.id as WithdrawSystemNumber,
        items: body.items,
        request_id: attempt.current.requestId,
      },
      {
        onSuccess: (answer) => {
          attempt.current = null;
          inventorySelection.getState().clear();
          closeModal();
          notify({ type: "success", message: answer.message });
        },
        onError: (err) => {
          const key = failureKey(err, "withdrawal_error.send_new");
          if (key === "withdrawal_api.sum_changed" && err instanceof ApiError) {
            const now = changedSumCents(err.body);
            if (now !== null) setNewSumCents(now);
            setConfirmed(false);
          }
          setProblem(key);
        },
      },
    );
  }

  const limitNote = reason
    ? reason.key === "wager_required"
      ? t("withdrawal.blocked.wager_required", { left: formatCentsAsDollars(reason.leftCents) })
      : reason.key === "money_limit"
        ? t("withdrawal.blocked.money_limit", {
            limit: formatCentsAsDollars(reason.limitCents),
            used: formatCentsAsDollars(reason.usedCents),
            count: reason.hours,
          })
        : t(`withdrawal.blocked.${reason.key}`)
    : t("withdrawal.available", { available: formatDollars(info.available), min: formatDollars(info.min_sum) });

  return (
    <form
      className="money-withdraw"
      data-testid="money-withdraw"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <ul
        className="inventory-dialog__items inventory-dialog__items--cards"
        aria-label={t("withdrawal.items", { count: items.length })}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the list scrolls with many items, so it takes focus to scroll by keyboard (axe scrollable-region-focusable)
        tabIndex={0}
      >
        {items.map((item) => (
          <li key={item.myId}>
            <ItemImage name={item.market_hash_name} image={item.image} rarityColor={item.rarity_color} size={48} />
            <span className="inventory-dialog__name">{itemName(item.market_hash_name)}</span>
            <span>{formatDollars(item.price)}</span>
          </li>
        ))}
      </ul>

      <dl className="inventory-dialog__sums" aria-live="polite">
        <div>
          <dt>{t("withdrawal.amount")}</dt>
          <dd data-testid="withdraw-amount">{formatCentsAsDollars(quote.amountCents)}</dd>
        </div>
        <div>
          <dt>{t("withdrawal.tax", { percent: info.tax_percent })}</dt>
          <dd>−{formatCentsAsDollars(quote.taxCents)}</dd>
        </div>
        <div className="inventory-dialog__total">
          <dt>{t("withdrawal.payout")}</dt>
          <dd data-testid="withdraw-payout">{formatCentsAsDollars(quote.payoutCents)}</dd>
        </div>
      </dl>

      <p className={`money-withdraw__note${reason ? " is-blocked" : ""}`} data-testid="withdraw-limit" role={reason ? "note" : undefined}>
        {limitNote}
      </p>

      <fieldset className="money-withdraw__methods">
        <legend id={ids.methods} className="money-withdraw__label">
          {t("withdrawal.method")}
        </legend>
        <div className="money-withdraw__tiles">
          {info.systems.map((s) => (
            <label key={s.id} className={`money-withdraw__tile${s.id === system ? " is-checked" : ""}${s.available ? "" : " is-off"}`}>
              <input
                type="radio"
                name="withdraw-system"
                value={s.id}
                checked={s.id === system}
                disabled={!s.available}
                onChange={() => {
                  setSystem(s.id);
                  setWalletText("");
                  setWalletTouched(false);
                  setConfirmed(false);
                  changed();
                }}
                data-testid="withdraw-system"
              />
              <span className="money-withdraw__tile-name">{t(`withdrawal.systems.${s.name}`)}</span>
              {s.available ? null : <span className="money-withdraw__tile-note">{t("withdrawal.system_off")}</span>}
            </label>
          ))}
        </div>
      </fieldset>

      {picked ? (
        <div className="money-withdraw__field">
          <label htmlFor={ids.wallet} className="money-withdraw__label">
            {t(`withdrawal.wallet.${picked.name}.label`)}
          </label>
          <input
            id={ids.wallet}
            type="text"
            inputMode={picked.name === "card" || picked.name === "wallet_a" ? "numeric" : "text"}
            autoComplete={picked.name === "card" ? "cc-number" : "off"}
            maxLength={picked.name === "card" ? 23 : 40}
            value={walletText}
            placeholder={t(`withdrawal.wallet.${picked.name}.placeholder`)}
            aria-invalid={showWalletProblem}
            aria-describedby={ids.walletNote}
            onChange={(e) => {
              setWalletText(formatWalletInput(systemName, e.target.value));
              changed();
            }}
            onBlur={() => setWalletTouched(true)}
            data-testid="withdraw-wallet"
          />
          <p id={ids.walletNote} className={showWalletProblem ? "money-withdraw__error" : "money-withdraw__hint"}>
            {showWalletProblem && wallet.problem
              ? t(`withdrawal.wallet_problem.${wallet.problem}`, { hint: t(`withdrawal.wallet.${picked.name}.hint`) })
              : t(`withdrawal.wallet.${picked.name}.hint`)}
          </p>
        </div>
      ) : null}

      <div className="money-withdraw__confirm">
        <input
          id={ids.confirm}
          type="checkbox"
          checked={confirmed && tickable}
          disabled={!tickable}
          aria-describedby={tickable ? undefined : ids.confirmNote}
          onChange={(e) => setConfirmed(e.target.checked)}
          data-testid="withdraw-confirm-box"
        />
        <label htmlFor={ids.confirm}>
          {t("withdrawal.confirm_box", {
            percent: info.tax_percent,
            tax: formatCentsAsDollars(quote.taxCents),
            payout: formatCentsAsDollars(quote.payoutCents),
          })}
        </label>
        {tickable ? null : (
          <p id={ids.confirmNote} className="money-withdraw__hint money-withdraw__confirm-note">
            {t("withdrawal.confirm_needs")}
          </p>
        )}
      </div>

      {problem ? (
        <p className="money-withdraw__error" role="alert" data-testid="withdraw-problem">
          {problem === "withdrawal_api.sum_changed" && newSumCents !== null
            ? t("withdrawal.sum_changed", { sum: formatCentsAsDollars(newSumCents) })
            : displayMessage(problem, tCommon)}
        </p>
      ) : null}

      <div className="money-withdraw__footer">
        {blocker && blocker !== "blocked" ? (
          <p id={ids.why} className="money-withdraw__hint">
            {t(`withdrawal.why.${blocker}`, { min: formatDollars(info.min_sum), available: formatDollars(info.available) })}
          </p>
        ) : null}
        <button
          type="submit"
          className="button button-primary"
          disabled={blocker !== null || create.isPending}
          aria-busy={create.isPending || undefined}
          aria-describedby={blocker && blocker !== "blocked" ? ids.why : undefined}
          data-testid="withdraw-submit"
        >
          {create.isPending ? t("withdrawal.sending") : t("withdrawal.submit", { sum: formatCentsAsDollars(quote.payoutCents) })}
        </button>
      </div>
    </form>
  );
}
