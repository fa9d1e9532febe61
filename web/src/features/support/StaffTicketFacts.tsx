// The facts beside a staff ticket (docs/support.md "The staff queue"): what the ticket is about (a
// round's or an opening's seeds, a payment's provider reports) and the player's context (balance,
// latest deposits, withdrawals and bets, payments in review).
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { PlayerContextJson, ReferenceDetailJson } from "../../../../shared/api/tickets";
import { formatDollars } from "../../ui/Money";
import { useItemName } from "../../ui/itemWords";
import { dateTime } from "./format";
import { ReferenceLabel } from "./TicketSummary";

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

export function ReferenceSection({ reference, detail }: { reference: boolean; detail: ReferenceDetailJson | null }) {
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

export function ContextSection({ context }: { context: PlayerContextJson }) {
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
