// /admin/payments: payments in review (a provider reported something the order did not expect)
// with every report about each, oldest first (or newest, or the largest; the sort in the URL, the
// server's keyset pages), and the one decision: credit the payment's amount, or refuse it —
// both with a reason, confirmed first; the server makes it once (a second answers
// deposit_api.already_decided), audits it and tells the player.
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { type adminPaymentJson, PAYMENT_SORTS, type PaymentSort } from "../../../../../../shared/api/payments";
import { OPS } from "../../../../../../shared/constants";
import { failureKey } from "../../../../lib/api";
import { displayMessage } from "../../../../lib/i18n";
import { formatDollars } from "../../../../ui/Money";
import { Skeleton } from "../../../../ui/Spinner";
import { LoadFailed } from "../../../../ui/StateNote";
import { ConfirmButton } from "../ui/ConfirmButton";
import { LoadMore } from "../ui/ConsoleTable";
import { SortSelect } from "../ui/SortSelect";
import { useUrlFilters } from "../ui/useUrlFilters";
import { useDecidePayment, usePaymentsInReview } from "./useOps";
import "./ops.css";

type AdminPayment = z.infer<typeof adminPaymentJson>;
const SORTS = Object.keys(PAYMENT_SORTS) as PaymentSort[];

/** What a provider's report can say (worker/payments/settle.ts SettleOutcome); another is shown as is. */
const OUTCOMES = ["credited", "unknown_order", "wrong_provider", "currency_mismatch", "underpaid", "amount_mismatch", "order_already_paid"] as const;
type Outcome = (typeof OUTCOMES)[number];
const isOutcome = (o: string): o is Outcome => (OUTCOMES as readonly string[]).includes(o);

const dateTime = (at: number, language: string) => new Intl.DateTimeFormat(language, { dateStyle: "short", timeStyle: "short" }).format(at);

export default function PaymentsReviewPage() {
  const { t } = useTranslation("console_ops");
  const { t: tCommon } = useTranslation();
  const f = useUrlFilters();
  const sort = f.choice("sort", SORTS, "oldest");
  const list = usePaymentsInReview(sort);
  let body: ReactNode;
  if (list.isPending) body = <Skeleton width="100%" height={200} />;
  else if (list.isError)
    body = (
      <LoadFailed message={displayMessage(failureKey(list.error, "console_error.load") ?? "console_error.load", tCommon)} onRetry={() => void list.refetch()} />
    );
  else if (list.rows.length === 0)
    body = (
      <p className="state-note" data-testid="payments-review-empty">
        {t("payments.empty")}
      </p>
    );
  else
    body = (
      <>
        <ul className="ops-payments" aria-busy={list.isFetching || undefined}>
          {list.rows.map((p) => (
            <PaymentCard key={p.id} p={p} />
          ))}
        </ul>
        <LoadMore list={list} />
      </>
    );
  return (
    <section className="ops-page" aria-labelledby="ops-payments-title" data-testid="console-payments">
      <h1 id="ops-payments-title">{t("payments.title")}</h1>
      <p className="ops-note">{t("payments.intro")}</p>
      <div className="console-filters">
        <SortSelect
          label={t("payments.sort")}
          value={sort}
          options={SORTS.map((s) => ({ value: s, label: t(`payments.sorts.${s}`) }))}
          onChange={(s) => f.set("sort", s === "oldest" ? null : s)}
          testId="payments-review-sort"
        />
      </div>
      {body}
    </section>
  );
}

function PaymentCard({ p }: { p: AdminPayment }) {
  const { t, i18n } = useTranslation("console_ops");
  const decide = useDecidePayment();
  const sum = formatDollars(p.sum);
  const reason = { label: t("payments.reason"), maxLength: OPS.decideReasonMax };
  return (
    <li className="ops-card ops-payment" data-testid="payment-in-review">
      <div className="ops-payment-head">
        <strong className="ops-figure ops-figure--small">{sum}</strong>
        <span>
          {p.username} <span className="ops-note">#{p.user_id}</span>
        </span>
        <span className="ops-note">
          {p.method} · {p.provider} · {dateTime(p.created_at, i18n.language)}
        </span>
        <code className="ops-hash" title={p.id}>
          {p.id}
        </code>
      </div>
      <div className="console-table-box">
        <table className="console-table">
          <caption>{t("payments.reports")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("payments.report_outcome")}</th>
              <th scope="col" className="ops-num">
                {t("payments.report_amount")}
              </th>
              <th scope="col">{t("payments.report_tx")}</th>
              <th scope="col">{t("payments.report_at")}</th>
            </tr>
          </thead>
          <tbody>
            {p.reports.map((r) => (
              <tr key={`${r.provider}:${r.provider_tx_id}`}>
                <td>{isOutcome(r.outcome) ? t(`payments.outcomes.${r.outcome}`) : r.outcome}</td>
                <td className="ops-num">
                  {formatDollars(r.amount)} {r.currency}
                </td>
                <td>
                  <code>{r.provider_tx_id}</code>
                </td>
                <td>{dateTime(r.created_at, i18n.language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="console-actions">
        <ConfirmButton
          label={t("payments.credit")}
          title={t("payments.credit_title", { sum })}
          description={<p>{t("payments.credit_text", { sum, player: p.username })}</p>}
          reason={reason}
          run={(why) => decide.mutateAsync({ payment_id: p.id, decision: "credit", reason: why ?? "" })}
          done={t("payments.credited", { sum })}
        />
        <ConfirmButton
          label={t("payments.refuse")}
          title={t("payments.refuse_title", { sum })}
          description={<p>{t("payments.refuse_text", { player: p.username })}</p>}
          reason={reason}
          run={(why) => decide.mutateAsync({ payment_id: p.id, decision: "refuse", reason: why ?? "" })}
          done={t("payments.refused", { sum })}
          danger
        />
      </div>
    </li>
  );
}
