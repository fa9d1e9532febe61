// /admin/withdraws: the staff page of money withdrawals (a minimal one; the full console comes
// later). The queue by status (moderation first) and sort (oldest first, newest, the largest; both in
// the URL, keyset pages from the server), each request with the player, the items, the
// amount, tax and payout, the player's deposits, bets and withdrawn money, the full account, and
// Approve / Reject (a rejection asks for the reason shown to the player). Only an admin sees it;
// the server checks the role on every call anyway. Loaded lazily by the router.
import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { z } from "zod";
import {
  type adminWithdrawJson,
  WITHDRAW_SORTS,
  type WithdrawSort,
  type WithdrawStatus,
  type WithdrawSystemNumber,
} from "../../../../shared/api/money-withdraw";
import { MONEY_WITHDRAW } from "../../../../shared/constants";
import { failureKey } from "../../lib/api";
import { displayMessage } from "../../lib/i18n";
import { useCurrentUser } from "../../lib/session/useCurrentUser";
import { notify, useUiStore } from "../../lib/uiStore";
import { Modal } from "../../ui/Modal";
import { formatDollars } from "../../ui/Money";
import { Spinner } from "../../ui/Spinner";
import { LoadFailed, SignInPrompt } from "../../ui/StateNote";
import { useDecideWithdraw, useWithdrawQueue } from "./useWithdrawQueue";
import "./admin.css";
import { ConfirmButton } from "./console/ui/ConfirmButton";
import { LoadMore } from "./console/ui/ConsoleTable";
import { SortSelect } from "./console/ui/SortSelect";
import { useUrlFilters } from "./console/ui/useUrlFilters";
import { useItemName } from "../../ui/itemWords";

type AdminWithdraw = z.infer<typeof adminWithdrawJson>;

const STATUSES: readonly WithdrawStatus[] = ["moderation", "sending", "completed", "canceled"];
const SORTS = Object.keys(WITHDRAW_SORTS) as WithdrawSort[];
const REJECT_MODAL = "adminWithdrawReject";
const REASON_MAX = 300;

/** §9: 1 wallet A, 2 wallet B, 3 card, 4 prepaid wallet. */
function systemName(system: number) {
  return MONEY_WITHDRAW.systems[system as WithdrawSystemNumber] ?? "card";
}

export default function WithdrawQueuePage() {
  const { t } = useTranslation("admin");
  const user = useCurrentUser();
  let body: ReactNode;
  if (user.isPending) body = <Spinner />;
  else if (!user.data) body = <SignInPrompt message={t("signed_out")} button={t("login")} />;
  else if (!user.data.is_admin) body = <p className="state-note">{t("staff_only")}</p>;
  else body = <Queue />;
  return (
    <div className="admin-page">
      <h1>{t("withdraws.title")}</h1>
      {body}
    </div>
  );
}

function Queue() {
  const { t } = useTranslation("admin");
  const f = useUrlFilters();
  const status = f.choice("status", STATUSES, "moderation");
  const sort = f.choice("sort", SORTS, "oldest");
  const [rejecting, setRejecting] = useState<AdminWithdraw | null>(null);
  const openModal = useUiStore((s) => s.openModal);
  const list = useWithdrawQueue(status, sort);
  const decide = useDecideWithdraw();
  const filterId = useId();

  /** Approves after its confirm dialog; a refusal shows in the dialog (ConfirmButton). */
  const approve = (w: AdminWithdraw) => decide.mutateAsync({ id: w.id, decision: "approve" });

  let content: ReactNode;
  if (list.isPending) content = <Spinner label={t("withdraws.loading")} />;
  else if (list.isError) content = <LoadFailed message={t("withdraws.load_failed")} onRetry={() => void list.refetch()} />;
  else if (list.rows.length === 0) content = <p className="admin-empty">{t("withdraws.empty")}</p>;
  else
    content = (
      <ul className="admin-queue" aria-busy={list.isFetching || undefined}>
        {list.rows.map((w) => (
          <li key={w.id}>
            <WithdrawCard
              w={w}
              busy={decide.isPending && decide.variables?.id === w.id}
              disabled={decide.isPending}
              onApprove={() => approve(w)}
              onReject={() => {
                setRejecting(w);
                openModal(REJECT_MODAL);
              }}
            />
          </li>
        ))}
      </ul>
    );

  return (
    <>
      <div className="admin-filter">
        <label htmlFor={filterId}>{t("withdraws.status")}</label>
        <select
          id={filterId}
          value={status}
          onChange={(e) => f.set("status", e.target.value === "moderation" ? null : e.target.value)}
          data-testid="admin-withdraws-status"
        >
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`withdraws.statuses.${s}`)}
            </option>
          ))}
        </select>
        <SortSelect
          label={t("withdraws.sort")}
          value={sort}
          options={SORTS.map((s) => ({ value: s, label: t(`withdraws.sorts.${s}`) }))}
          onChange={(s) => f.set("sort", s === "oldest" ? null : s)}
          testId="admin-withdraws-sort"
          className="admin-filter"
        />
      </div>
      {content}
      {list.isPending || list.isError ? null : <LoadMore list={list} />}
      <Modal name={REJECT_MODAL} title={t("withdraws.reject_title", { id: rejecting?.id ?? "" })} size="sm">
        {rejecting ? <RejectForm w={rejecting} /> : null}
      </Modal>
    </>
  );
}

function WithdrawCard({
  w,
  busy,
  disabled,
  onApprove,
  onReject,
}: {
  w: AdminWithdraw;
  busy: boolean;
  disabled: boolean;
  onApprove(): Promise<unknown>;
  onReject(): void;
}) {
  const itemName = useItemName();
  const { t, i18n } = useTranslation("admin");
  const titleId = useId();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "short", timeStyle: "short" });
  return (
    <article className="admin-card" aria-labelledby={titleId} data-testid="admin-withdraw">
      <header className="admin-card__head">
        <h2 id={titleId}>{t("withdraws.request", { id: w.id })}</h2>
        <span className={`admin-status admin-status--${w.status}`}>{t(`withdraws.statuses.${w.status}`)}</span>
        <time dateTime={new Date(w.date).toISOString()}>{date.format(w.date)}</time>
      </header>
      <dl className="admin-card__facts">
        <div>
          <dt>{t("withdraws.player")}</dt>
          <dd>
            <Link to={`/user/${w.user.id}`}>{w.user.username}</Link> <span className="admin-muted">#{w.user.id}</span>
          </dd>
        </div>
        <div>
          <dt>{t("withdraws.system")}</dt>
          <dd>{t(`withdraws.systems.${systemName(w.system)}`)}</dd>
        </div>
        <div>
          <dt>{t("withdraws.wallet")}</dt>
          <dd className="admin-card__wallet">{w.wallet_full}</dd>
        </div>
        <div>
          <dt>{t("withdraws.amount")}</dt>
          <dd>{formatDollars(w.amount)}</dd>
        </div>
        <div>
          <dt>{t("withdraws.tax")}</dt>
          <dd>{formatDollars(w.tax)}</dd>
        </div>
        <div>
          <dt>{t("withdraws.payout")}</dt>
          <dd className="admin-card__payout">{formatDollars(w.payout)}</dd>
        </div>
        <div>
          <dt>{t("withdraws.deposits")}</dt>
          <dd>{formatDollars(w.player.deposits)}</dd>
        </div>
        <div>
          <dt>{t("withdraws.bets")}</dt>
          <dd>{formatDollars(w.player.bets)}</dd>
        </div>
        <div>
          <dt>{t("withdraws.withdrawn")}</dt>
          <dd>{formatDollars(w.player.withdrawn)}</dd>
        </div>
        <div>
          <dt>{t("withdraws.registered")}</dt>
          <dd>{date.format(w.player.registered_at)}</dd>
        </div>
        {w.reason ? (
          <div>
            <dt>{t("withdraws.reason")}</dt>
            <dd>{w.reason}</dd>
          </div>
        ) : null}
      </dl>
      <details className="admin-card__items">
        <summary>{t("withdraws.items", { count: w.items.length })}</summary>
        <ul>
          {w.items.map((item) => (
            <li key={item.id}>
              <span>{itemName(item.market_hash_name)}</span>
              <span>{formatDollars(item.price)}</span>
            </li>
          ))}
        </ul>
      </details>
      {w.status === "moderation" ? (
        <div className="admin-card__actions">
          <button type="button" className="button" disabled={disabled} onClick={onReject} data-testid="admin-withdraw-reject">
            {t("withdraws.reject")}
          </button>
          <ConfirmButton
            label={busy ? t("withdraws.deciding") : t("withdraws.approve")}
            title={t("withdraws.approve_title", { id: w.id })}
            description={t("withdraws.approve_text", { payout: formatDollars(w.payout), wallet: w.wallet_full })}
            run={onApprove}
            done={t("withdraws.approved", { id: w.id })}
            disabled={disabled}
            className="button-primary"
            testId="admin-withdraw-approve"
          />
        </div>
      ) : null}
    </article>
  );
}

function RejectForm({ w }: { w: AdminWithdraw }) {
  const { t } = useTranslation("admin");
  const { t: tCommon } = useTranslation("common");
  const closeModal = useUiStore((s) => s.closeModal);
  const decide = useDecideWithdraw();
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const ids = { reason: useId(), hint: useId() };
  const ok = reason.trim() !== "" && reason.trim().length <= REASON_MAX;
  return (
    <form
      className="admin-reject"
      onSubmit={(e) => {
        e.preventDefault();
        if (!ok || decide.isPending) return;
        setProblem(null);
        decide.mutate(
          { id: w.id, decision: "reject", reason: reason.trim() },
          {
            onSuccess: () => {
              closeModal();
              notify({ type: "success", message: t("withdraws.rejected", { id: w.id }) });
            },
            onError: (err) => setProblem(failureKey(err, "app_error.load")),
          },
        );
      }}
    >
      <label htmlFor={ids.reason}>{t("withdraws.reason_label")}</label>
      <textarea
        id={ids.reason}
        value={reason}
        maxLength={REASON_MAX}
        rows={3}
        required
        aria-describedby={ids.hint}
        onChange={(e) => setReason(e.target.value)}
        data-testid="admin-reject-reason"
      />
      <p id={ids.hint} className="admin-muted">
        {t("withdraws.reason_hint", { max: REASON_MAX })}
      </p>
      {problem ? (
        <p className="admin-error" role="alert">
          {displayMessage(problem, tCommon)}
        </p>
      ) : null}
      <div className="admin-card__actions">
        <button type="button" className="button" onClick={closeModal}>
          {t("withdraws.back")}
        </button>
        <button
          type="submit"
          className="button button-primary"
          disabled={!ok || decide.isPending}
          aria-busy={decide.isPending || undefined}
          data-testid="admin-reject-confirm"
        >
          {decide.isPending ? t("withdraws.deciding") : t("withdraws.reject")}
        </button>
      </div>
    </form>
  );
}
