// /admin/tickets/:id (docs/support.md "The staff queue"): one ticket for staff — the conversation,
// what it is about (the crash round's hash, secret and multiplier; a jackpot or wheel round's
// hash and secret; a case opening's seeds and nonce; a payment's provider reports), the player's
// context (balance, latest deposits, withdrawals and bets, payments in review), a reply box and
// Close / Reopen with a confirm, each telling its result or the refusal. A `ticketQueue` frame
// about this ticket refetches it (live.ts).
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import type { PlayerContextJson, ReferenceDetailJson, StaffTicketAnswer } from "../../../../shared/api/tickets";
import { ApiError, failureKey } from "../../lib/api";
import { displayMessage } from "../../lib/i18n";
import { notify, useUiStore } from "../../lib/uiStore";
import { EmptyState } from "../../ui/EmptyState";
import { ListIcon } from "../../ui/icons";
import { Modal } from "../../ui/Modal";
import { formatDollars } from "../../ui/Money";
import { Skeleton } from "../../ui/Spinner";
import { LoadFailed } from "../../ui/StateNote";
import { useItemName } from "../../ui/itemWords";
import { dateTime } from "./format";
import { MessageBox } from "./MessageBox";
import { type StaffAction, useStaffAction, useStaffReply, useStaffTicket } from "./queries";
import { StaffGate } from "./StaffQueuePage";
import { ReferenceLabel, StatusBadge } from "./TicketSummary";
import { Thread } from "./Thread";
import { ticketIdFrom } from "./ticketId";
import "./support.css";

const ACTION_MODAL = "staffTicketAction";

export default function StaffTicketPage() {
  const { t } = useTranslation("support");
  return (
    <div className="support-page support-page--wide" data-testid="staff-ticket-page">
      <Link to="/admin/tickets" className="page-link support-back">
        {t("staff.back")}
      </Link>
      <StaffGate>
        <Detail />
      </StaffGate>
    </div>
  );
}

function Detail() {
  const { t } = useTranslation("support");
  const { t: tCommon } = useTranslation();
  const id = ticketIdFrom(useParams().id);
  const answer = useStaffTicket(id, true);
  if (id === null || (answer.error instanceof ApiError && (answer.error.status === 404 || answer.error.status === 400)))
    return (
      <>
        <h1>{t("ticket.title")}</h1>
        <EmptyState title={displayMessage(answer.error instanceof ApiError ? answer.error.key : "ticket_error.invalid_id", tCommon)} icon={<ListIcon />} />
      </>
    );
  if (answer.isPending)
    return (
      <>
        <h1>{t("ticket.number", { id })}</h1>
        <Skeleton width="100%" height={240} />
      </>
    );
  if (answer.isError)
    return (
      <>
        <h1>{t("ticket.number", { id })}</h1>
        <LoadFailed
          message={displayMessage(failureKey(answer.error, "ticket_error.load_by_id") ?? "ticket_error.load_by_id", tCommon)}
          onRetry={() => void answer.refetch()}
        />
      </>
    );
  return <StaffTicket data={answer.data} />;
}

function StaffTicket({ data }: { data: StaffTicketAnswer }) {
  const { t, i18n } = useTranslation("support");
  const { ticket } = data;
  const reply = useStaffReply(ticket.id);
  const [problem, setProblem] = useState<string | null>(null);
  const [action, setAction] = useState<StaffAction>("close");
  const openModal = useUiStore((s) => s.openModal);
  const closed = ticket.status === 1;
  const ask = (a: StaffAction) => {
    setAction(a);
    openModal(ACTION_MODAL);
  };
  return (
    <>
      <header className="support-ticket-head">
        <h1 data-testid="staff-ticket-subject">{ticket.subject}</h1>
        <div className="support-ticket-meta">
          <StatusBadge status={ticket.status} />
          <span>{t("ticket.number", { id: ticket.id })}</span>
          <span>
            {t("staff.player")} <Link to={`/user/${ticket.user.id}`}>{ticket.user.username}</Link>
          </span>
          <span>
            {t("ticket.opened")} <time dateTime={new Date(ticket.created_at).toISOString()}>{dateTime(ticket.created_at, i18n.language)}</time>
          </span>
          {ticket.reference ? (
            <span>
              {t("form.about")} <ReferenceLabel reference={ticket.reference} link />
            </span>
          ) : null}
        </div>
      </header>
      <div className="support-staff-grid">
        <section className="support-card" aria-labelledby="staff-thread-title">
          <h2 id="staff-thread-title" className="support-subtitle">
            {t("thread.title")}
          </h2>
          <Thread messages={ticket.messages} side="staff" label={t("thread.label", { id: ticket.id })} />
          <MessageBox
            closed={closed}
            closedNote={t("staff.closed_note")}
            label={t("staff.reply")}
            busy={reply.isPending}
            problem={problem}
            onSend={async (message) => {
              setProblem(null);
              try {
                await reply.mutateAsync(message);
                notify({ type: "success", message: t("staff.replied") });
                return true;
              } catch (err) {
                setProblem(failureKey(err, "ticket_error.send_message"));
                return false;
              }
            }}
          />
          <div className="support-actions support-actions--start">
            {closed ? (
              <button type="button" className="button" onClick={() => ask("reopen")} data-testid="staff-reopen">
                {t("staff.reopen")}
              </button>
            ) : (
              <button type="button" className="button" onClick={() => ask("close")} data-testid="staff-close">
                {t("ticket.close")}
              </button>
            )}
          </div>
        </section>
        <div className="support-side">
          <ReferenceSection reference={ticket.reference !== null} detail={data.reference_detail} />
          <ContextSection context={data.context} />
        </div>
      </div>
      <Modal name={ACTION_MODAL} title={t(action === "close" ? "staff.close_title" : "staff.reopen_title", { id: ticket.id })} size="sm">
        <ActionConfirm id={ticket.id} action={action} />
      </Modal>
    </>
  );
}

function ActionConfirm({ id, action }: { id: number; action: StaffAction }) {
  const { t } = useTranslation("support");
  const closeModal = useUiStore((s) => s.closeModal);
  const run = useStaffAction(id);
  return (
    <div className="support-confirm">
      <p>{t(action === "close" ? "staff.close_text" : "staff.reopen_text")}</p>
      <div className="support-actions">
        <button type="button" className="button" onClick={closeModal}>
          {t("confirm.cancel")}
        </button>
        <button
          type="button"
          className="button button-primary"
          disabled={run.isPending}
          aria-busy={run.isPending || undefined}
          data-testid="staff-action-confirm"
          onClick={() =>
            run.mutate(action, {
              onSuccess: () => {
                closeModal();
                notify({ type: "success", message: t(action === "close" ? "staff.closed_done" : "staff.reopened_done") });
              },
              onError: (err) => {
                closeModal();
                const key = failureKey(err, action === "close" ? "ticket_error.close" : "app_error.load");
                if (key) notify({ type: "error", message: key });
              },
            })
          }
        >
          {t(action === "close" ? "ticket.close" : "staff.reopen")}
        </button>
      </div>
    </div>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="support-facts">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const Code = ({ text }: { text: string | null }) => (text ? <code className="support-code">{text}</code> : <span className="support-hint">—</span>);

function ReferenceSection({ reference, detail }: { reference: boolean; detail: ReferenceDetailJson | null }) {
  const { t } = useTranslation("support");
  if (!reference) return null;
  return (
    <section className="support-card" aria-labelledby="staff-reference-title" data-testid="staff-reference">
      <h2 id="staff-reference-title" className="support-subtitle">
        {t("staff.reference")}
      </h2>
      {detail ? <ReferenceDetail detail={detail} /> : <p className="support-hint">{t("staff.reference_gone")}</p>}
    </section>
  );
}

function ReferenceDetail({ detail }: { detail: ReferenceDetailJson }) {
  const { t, i18n } = useTranslation("support");
  const itemName = useItemName();
  switch (detail.kind) {
    case "crash": {
      const g = detail.crash.game;
      return (
        <>
          <ReferenceLabel reference={{ kind: "crash", id: g.id }} link />
          <Facts
            rows={[
              [t("detail.status"), g.status],
              [t("detail.multiplier"), g.multiplier === null ? "—" : `${g.multiplier.toFixed(2)}×`],
              [t("detail.fair"), t(g.provably_fair ? "detail.yes" : "detail.no")],
              [t("detail.bank"), formatDollars(g.bank)],
              [t("detail.hash"), <Code key="h" text={g.public_hash} />],
              [t("detail.secret"), <Code key="s" text={g.secret_hash} />],
              [t("detail.date"), dateTime(g.created_at, i18n.language)],
            ]}
          />
        </>
      );
    }
    case "jackpot": {
      const r = detail.jackpot.round;
      return (
        <>
          <ReferenceLabel reference={{ kind: "jackpot", id: r.id }} link />
          <Facts
            rows={[
              [t("detail.status"), r.status],
              [t("detail.winner"), r.winner?.username ?? "—"],
              [t("detail.bank"), formatDollars(r.bank)],
              [t("detail.ticket"), r.winningTicket === null ? "—" : `${r.winningTicket} / ${r.totalTickets}`],
              [t("detail.hash"), <Code key="h" text={r.publicHash} />],
              [t("detail.secret"), <Code key="s" text={r.secret} />],
              [t("detail.date"), dateTime(r.finished_at, i18n.language)],
            ]}
          />
        </>
      );
    }
    case "wheel": {
      const g = detail.wheel.game;
      return (
        <>
          <ReferenceLabel reference={{ kind: "wheel", id: g.id }} link />
          <Facts
            rows={[
              [t("detail.status"), g.status],
              [t("detail.multiplier"), g.multiplier === null ? "—" : `${g.colour ?? ""} ×${g.multiplier}`],
              [t("detail.bank"), formatDollars(g.bank)],
              [t("detail.hash"), <Code key="h" text={g.public_hash} />],
              [t("detail.secret"), <Code key="s" text={g.secret_hash} />],
              [t("detail.date"), dateTime(g.created_at, i18n.language)],
            ]}
          />
        </>
      );
    }
    case "case": {
      const o = detail.open;
      return (
        <>
          <ReferenceLabel reference={{ kind: "case", id: o.id }} />
          <Facts
            rows={[
              [
                t("detail.case"),
                <Link key="c" to={`/cases/${o.case_id}`}>
                  {o.case_name}
                </Link>,
              ],
              [t("detail.item"), `${itemName(o.item.market_hash_name)} · ${formatDollars(o.item.price)}`],
              [t("detail.price"), formatDollars(o.price)],
              [t("detail.multiplier"), `${o.multiplier.toFixed(2)}×`],
              [t("detail.server_seed_hash"), <Code key="h" text={o.server_seed_hash} />],
              [t("detail.client_seed"), <Code key="c2" text={o.client_seed} />],
              [t("detail.nonce"), o.nonce],
              [t("detail.date"), dateTime(o.created_at, i18n.language)],
            ]}
          />
        </>
      );
    }
    case "payment": {
      const p = detail.payment;
      return (
        <>
          <ReferenceLabel reference={{ kind: "payment", id: p.id }} />
          <PaymentFacts p={p} />
        </>
      );
    }
  }
}

type AdminPayment = PlayerContextJson["review"][number];

function PaymentFacts({ p }: { p: AdminPayment }) {
  const { t, i18n } = useTranslation("support");
  return (
    <>
      <Facts
        rows={[
          [t("detail.payment_id"), <Code key="id" text={p.id} />],
          [t("detail.status"), p.status],
          [t("detail.sum"), formatDollars(p.sum)],
          [t("detail.method"), p.method],
          [t("detail.provider"), `${p.provider}${p.provider_tx_id ? ` · ${p.provider_tx_id}` : ""}`],
          [t("detail.date"), dateTime(p.created_at, i18n.language)],
        ]}
      />
      <h3 className="support-minor">{t("detail.reports", { count: p.reports.length })}</h3>
      {p.reports.length === 0 ? (
        <p className="support-hint">{t("detail.no_reports")}</p>
      ) : (
        <ul className="support-mini-list">
          {p.reports.map((r, i) => (
            <li key={i}>
              {dateTime(r.created_at, i18n.language)} · {r.provider} · {r.outcome} · {formatDollars(r.amount)} {r.currency} · <Code text={r.provider_tx_id} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function ContextSection({ context }: { context: PlayerContextJson }) {
  const { t, i18n } = useTranslation("support");
  const u = context.user;
  return (
    <section className="support-card" aria-labelledby="staff-context-title" data-testid="staff-context">
      <h2 id="staff-context-title" className="support-subtitle">
        {t("staff.context")}
      </h2>
      <Facts
        rows={[
          [t("staff.player"), <Link key="u" to={`/user/${u.id}`}>{`${u.username} #${u.id}`}</Link>],
          [t("context.balance"), formatDollars(u.balance)],
          [t("context.registered"), dateTime(u.created_at, i18n.language)],
          [t("context.banned"), t(u.banned ? "detail.yes" : "detail.no")],
        ]}
      />
      <h3 className="support-minor">{t("context.review")}</h3>
      {context.review.length === 0 ? <p className="support-hint">{t("context.none")}</p> : context.review.map((p) => <PaymentFacts key={p.id} p={p} />)}
      <h3 className="support-minor">{t("context.deposits")}</h3>
      {context.deposits.length === 0 ? (
        <p className="support-hint">{t("context.none")}</p>
      ) : (
        <ul className="support-mini-list">
          {context.deposits.map((p) => (
            <li key={p.id}>
              {dateTime(p.created_at, i18n.language)} · {formatDollars(p.sum)} · {p.method} · {p.status}
            </li>
          ))}
        </ul>
      )}
      <h3 className="support-minor">{t("context.withdraws")}</h3>
      {context.withdraws.length === 0 ? (
        <p className="support-hint">{t("context.none")}</p>
      ) : (
        <ul className="support-mini-list">
          {context.withdraws.map((w) => (
            <li key={`${w.system}-${w.id}`}>
              {dateTime(w.date, i18n.language)} · {formatDollars(w.amount)} · {"type" in w ? t("context.money") : t("context.skins")} · {w.status}
            </li>
          ))}
        </ul>
      )}
      <h3 className="support-minor">{t("context.bets")}</h3>
      {context.bets.length === 0 ? (
        <p className="support-hint">{t("context.none")}</p>
      ) : (
        <ul className="support-mini-list">
          {context.bets.map((b, i) => (
            <li key={i}>
              {dateTime(b.created_at, i18n.language)} ·{" "}
              {b.mode === "cases" ? `${b.mode} #${b.game_id}` : <Link to={`/${b.mode}/${b.game_id}`}>{`${b.mode} #${b.game_id}`}</Link>} ·{" "}
              {formatDollars(b.bank)} → {formatDollars(b.win)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
