// /admin/users/:id: one user for admins — his account, balance and role with the actions on them
// (each confirms and says what happened or why it was refused), his sessions, bets per mode,
// items, deposits, withdrawals, tickets and referrals (the latest of each).
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { ADMIN } from "../../../../../../shared/constants";
import { STAFF_ROLES, type StaffRole, type UserDetailAnswer } from "../../../../../../shared/api/admin";
import { failureKey } from "../../../../lib/api";
import { displayMessage } from "../../../../lib/i18n";
import { formatDollars } from "../../../../ui/Money";
import { Skeleton } from "../../../../ui/Spinner";
import { LoadFailed } from "../../../../ui/StateNote";
import { UserAvatar } from "../../../../ui/UserAvatar";
import { ConfirmButton } from "../ui/ConfirmButton";
import { when } from "./format";
import { StaticTable } from "../ui/ConsoleTable";
import { useUserActions, useUserPage } from "./useUserPage";
import "./users.css";

type Detail = UserDetailAnswer;
const MODES = ["crash", "jackpot", "wheel", "cases"] as const;
const AMOUNT = /^-?\d{1,7}(\.\d{1,2})?$/;

export default function UserPage() {
  const { t } = useTranslation("console_users");
  const { t: tCommon } = useTranslation();
  const raw = useParams().id;
  const id = raw && /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : undefined;
  const page = useUserPage(id);
  if (id === undefined) return <p className="state-note">{t("user.not_found")}</p>;
  if (page.isPending) return <Skeleton width="100%" height={240} />;
  if (page.isError)
    return (
      <LoadFailed message={displayMessage(failureKey(page.error, "console_error.load") ?? "console_error.load", tCommon)} onRetry={() => void page.refetch()} />
    );
  return <UserView d={page.data} />;
}

function UserView({ d }: { d: Detail }) {
  const { t, i18n } = useTranslation("console_users");
  const u = d.user;
  return (
    <>
      <section className="console-card" aria-labelledby="console-user-title">
        <div className="console-head">
          <UserAvatar userId={u.id} avatar={u.avatar} username={u.username} size={48} />
          <h1 id="console-user-title" className="console-break">
            {u.username} <span className="console-hint">#{u.id}</span>
          </h1>
          <span className="console-badge">{t(`role.${u.role}`)}</span>
          {u.banned ? <span className="console-badge console-badge--danger">{t("banned")}</span> : null}
        </div>
        <dl className="console-facts">
          <dt>{t("col.balance")}</dt>
          <dd data-testid="console-user-balance">{formatDollars(u.balance)}</dd>
          <dt>{t("user.cashback")}</dt>
          <dd>{formatDollars(u.cashback)}</dd>
          <dt>{t("user.trade_link")}</dt>
          <dd className="console-break">{u.trade_link ?? "—"}</dd>
          <dt>{t("user.steam_id")}</dt>
          <dd>{u.steam_id ?? "—"}</dd>
          <dt>{t("col.created")}</dt>
          <dd>{when(u.created_at, i18n.language)}</dd>
          <dt>{t("user.terms")}</dt>
          <dd>{u.terms_version ? t("user.terms_value", { version: u.terms_version, at: when(u.terms_accepted_at, i18n.language) }) : "—"}</dd>
          <dt>{t("user.second_factor")}</dt>
          <dd>{t(u.second_factor ? "user.second_factor_on" : "user.second_factor_off")}</dd>
          <dt>{t("user.break")}</dt>
          <dd data-testid="console-user-break">{breakText(d, t, i18n.language)}</dd>
          <dt>{t("user.limits")}</dt>
          <dd>{limitsText(d, t)}</dd>
          <dt>{t("user.audit")}</dt>
          <dd>
            <Link to={`/admin/audit?target=${u.id}`}>{t("user.audit_link")}</Link>
          </dd>
        </dl>
      </section>
      <Actions d={d} />
      <div className="console-grid">
        <Sessions d={d} />
        <Bets d={d} />
      </div>
      <Lists d={d} />
    </>
  );
}

function Actions({ d }: { d: Detail }) {
  const { t } = useTranslation("console_users");
  const u = d.user;
  const act = useUserActions(u.id);
  const [amount, setAmount] = useState("");
  const [role, setRole] = useState<StaffRole>(u.role);
  const ids = { amount: useId(), role: useId() };
  const amountOk = AMOUNT.test(amount.trim()) && Number(amount) !== 0;
  return (
    <section className="console-card" aria-labelledby="console-user-actions">
      <h2 id="console-user-actions">{t("actions.title")}</h2>
      <div className="console-filters">
        <div className="console-field console-field--wide">
          <label htmlFor={ids.amount}>{t("actions.amount")}</label>
          <div className="console-inline">
            <input
              id={ids.amount}
              className="input"
              inputMode="decimal"
              value={amount}
              placeholder="-5.00 / 10.00"
              onChange={(e) => setAmount(e.target.value)}
              aria-describedby={`${ids.amount}-hint`}
              data-testid="console-adjust-amount"
            />
            <ConfirmButton
              label={t("actions.adjust")}
              title={t("actions.adjust_title")}
              description={t("actions.adjust_text", { amount: amountOk ? formatDollars(Number(amount)) : "—", user: u.username })}
              reason={{ label: t("actions.reason"), maxLength: ADMIN.adjustReasonMaxLength }}
              run={async (reason) => {
                await act.adjust(Number(amount), reason ?? "");
                setAmount("");
              }}
              done={t("actions.adjusted")}
              disabled={!amountOk}
            />
          </div>
          <p id={`${ids.amount}-hint`} className="console-hint">
            {t("actions.amount_hint")}
          </p>
        </div>
        <div className="console-field">
          <label htmlFor={ids.role}>{t("col.role")}</label>
          <div className="console-inline">
            <select id={ids.role} className="input" value={role} onChange={(e) => setRole(e.target.value as StaffRole)}>
              {STAFF_ROLES.map((r) => (
                <option key={r} value={r}>
                  {t(`role.${r}`)}
                </option>
              ))}
            </select>
            <ConfirmButton
              label={t("actions.set_role")}
              title={t("actions.set_role_title")}
              description={t("actions.set_role_text", { user: u.username, from: t(`role.${u.role}`), to: t(`role.${role}`) })}
              run={() => act.setRole(role)}
              done={t("actions.role_set")}
              disabled={role === u.role}
            />
          </div>
        </div>
      </div>
      <div className="console-actions">
        {u.banned ? (
          <ConfirmButton
            label={t("actions.unban")}
            title={t("actions.unban_title")}
            description={t("actions.unban_text", { user: u.username })}
            reason={{ label: t("actions.reason"), maxLength: ADMIN.banReasonMaxLength }}
            run={(reason) => act.unban(reason)}
            done={t("actions.unbanned")}
          />
        ) : (
          <ConfirmButton
            label={t("actions.ban")}
            title={t("actions.ban_title")}
            description={t("actions.ban_text", { user: u.username })}
            reason={{ label: t("actions.reason"), maxLength: ADMIN.banReasonMaxLength }}
            run={(reason) => act.ban(reason)}
            done={t("actions.banned")}
            danger
          />
        )}
        {u.second_factor ? (
          <ConfirmButton
            label={t("actions.reset_otp")}
            title={t("actions.reset_otp_title")}
            description={t("actions.reset_otp_text", { user: u.username })}
            run={() => act.resetOtp()}
            done={t("actions.otp_reset")}
            danger
          />
        ) : null}
      </div>
    </section>
  );
}

function Sessions({ d }: { d: Detail }) {
  const { t, i18n } = useTranslation("console_users");
  const act = useUserActions(d.user.id);
  const now = Date.now();
  const live = d.sessions.filter((s) => !s.revoked && s.expires_at > now);
  return (
    <section className="console-card" aria-labelledby="console-user-sessions">
      <h2 id="console-user-sessions">{t("sessions.title")}</h2>
      <StaticTable
        caption={t("sessions.title")}
        rows={d.sessions}
        rowKey={(s) => s.id}
        empty={t("sessions.empty")}
        testId="console-user-sessions"
        columns={[
          { key: "id", header: t("sessions.id"), cell: (s) => <code>{s.id}</code> },
          { key: "created", header: t("col.created"), cell: (s) => when(s.created_at, i18n.language) },
          {
            key: "state",
            header: t("sessions.state"),
            cell: (s) =>
              s.revoked
                ? t("sessions.revoked", { at: when(s.revoked_at, i18n.language) })
                : s.expires_at <= now
                  ? t("sessions.expired")
                  : t("sessions.live", { until: when(s.expires_at, i18n.language) }),
          },
          { key: "factor", header: t("sessions.factor"), cell: (s) => when(s.second_factor_at, i18n.language) },
          {
            key: "end",
            header: <span className="sr-only">{t("sessions.end")}</span>,
            cell: (s) =>
              !s.revoked && s.expires_at > now ? (
                <ConfirmButton
                  label={t("sessions.end")}
                  title={t("sessions.end_title")}
                  description={t("sessions.end_text", { id: s.id })}
                  run={() => act.endSession(s.id)}
                  done={t("sessions.ended", { count: 1 })}
                />
              ) : null,
          },
        ]}
      />
      {live.length > 0 ? (
        <div className="console-actions">
          <ConfirmButton
            label={t("sessions.end_all")}
            title={t("sessions.end_all_title")}
            description={t("sessions.end_all_text", { count: live.length, user: d.user.username })}
            run={() => act.endSession(undefined)}
            done={t("sessions.ended", { count: live.length })}
            danger
          />
        </div>
      ) : null}
    </section>
  );
}

function Bets({ d }: { d: Detail }) {
  const { t } = useTranslation("console_users");
  return (
    <section className="console-card" aria-labelledby="console-user-bets">
      <h2 id="console-user-bets">{t("bets.title")}</h2>
      <StaticTable
        caption={t("bets.title")}
        rows={MODES.map((mode) => ({ mode, ...d.bets[mode] }))}
        rowKey={(r) => r.mode}
        empty=""
        columns={[
          { key: "mode", header: t("bets.mode"), cell: (r) => t(`bets.${r.mode}`) },
          { key: "count", header: t("bets.count"), cell: (r) => r.count, numeric: true },
          { key: "wagered", header: t("bets.wagered"), cell: (r) => formatDollars(r.wagered), numeric: true },
          { key: "won", header: t("bets.won"), cell: (r) => formatDollars(r.won), numeric: true },
          { key: "house", header: t("bets.house"), cell: (r) => formatDollars(r.house), numeric: true },
        ]}
      />
    </section>
  );
}

function Lists({ d }: { d: Detail }) {
  const { t, i18n } = useTranslation("console_users");
  const date = (ms: number | null) => when(ms, i18n.language);
  const status = (s: string) => t(`status.${s}`, { defaultValue: s });
  return (
    <div className="console-grid">
      <section className="console-card" aria-labelledby="console-user-items">
        <h2 id="console-user-items">{t("items.title")}</h2>
        <StaticTable
          caption={t("items.title")}
          rows={d.items}
          rowKey={(i) => i.myId}
          empty={t("items.empty")}
          columns={[
            { key: "name", header: t("items.name"), cell: (i) => <span className="console-break">{i.market_hash_name}</span> },
            { key: "status", header: t("items.status"), cell: (i) => status(i.status) },
            { key: "price", header: t("items.price"), cell: (i) => formatDollars(i.price), numeric: true },
          ]}
        />
      </section>
      <section className="console-card" aria-labelledby="console-user-deposits">
        <h2 id="console-user-deposits">{t("deposits.title")}</h2>
        <StaticTable
          caption={t("deposits.title")}
          rows={d.deposits}
          rowKey={(p) => p.id}
          empty={t("deposits.empty")}
          columns={[
            { key: "date", header: t("col.date"), cell: (p) => date(p.created_at) },
            { key: "method", header: t("deposits.method"), cell: (p) => p.method },
            { key: "status", header: t("items.status"), cell: (p) => status(p.status) },
            { key: "sum", header: t("deposits.sum"), cell: (p) => formatDollars(p.sum), numeric: true },
          ]}
        />
        <h2>{t("deposits.skins_title")}</h2>
        <StaticTable
          caption={t("deposits.skins_title")}
          rows={d.skin_deposits}
          rowKey={(p) => p.id}
          empty={t("deposits.empty")}
          columns={[
            { key: "id", header: t("col.id"), cell: (p) => <code className="console-break">{p.id.slice(0, 8)}</code> },
            { key: "state", header: t("items.status"), cell: (p) => status(p.state) },
            { key: "items", header: t("deposits.items"), cell: (p) => p.items.length, numeric: true },
            { key: "sum", header: t("deposits.sum"), cell: (p) => formatDollars(p.amount), numeric: true },
          ]}
        />
      </section>
      <section className="console-card" aria-labelledby="console-user-withdrawals">
        <h2 id="console-user-withdrawals">{t("withdrawals.title")}</h2>
        <StaticTable
          caption={t("withdrawals.title")}
          rows={d.withdrawals}
          rowKey={(w) => `${w.system}-${w.id}`}
          empty={t("withdrawals.empty")}
          columns={[
            { key: "date", header: t("col.date"), cell: (w) => date(w.date) },
            { key: "kind", header: t("withdrawals.kind"), cell: (w) => t(w.system === "skins" ? "withdrawals.skins" : "withdrawals.money") },
            { key: "status", header: t("items.status"), cell: (w) => status(w.status) },
            { key: "sum", header: t("deposits.sum"), cell: (w) => formatDollars(w.amount), numeric: true },
          ]}
        />
      </section>
      <section className="console-card" aria-labelledby="console-user-tickets">
        <h2 id="console-user-tickets">{t("tickets.title")}</h2>
        <StaticTable
          caption={t("tickets.title")}
          rows={d.tickets}
          rowKey={(x) => x.id}
          empty={t("tickets.empty")}
          columns={[
            { key: "subject", header: t("tickets.subject"), cell: (x) => <Link to={`/admin/tickets/${x.id}`}>{x.subject}</Link> },
            { key: "status", header: t("items.status"), cell: (x) => t(x.status === 0 ? "tickets.open" : "tickets.closed") },
            { key: "updated", header: t("col.date"), cell: (x) => date(x.updated_at) },
          ]}
        />
      </section>
      <section className="console-card" aria-labelledby="console-user-referrals">
        <h2 id="console-user-referrals">{t("referrals.title")}</h2>
        <p>{t("referrals.summary", { count: d.referrals.count, earned: formatDollars(d.referrals.earned) })}</p>
        <StaticTable
          caption={t("referrals.title")}
          rows={d.referrals.latest}
          rowKey={(r) => r.user.id}
          empty={t("referrals.empty")}
          columns={[
            { key: "user", header: t("col.user"), cell: (r) => <Link to={`/admin/users/${r.user.id}`}>{r.user.username}</Link> },
            { key: "date", header: t("col.date"), cell: (r) => date(r.created_at) },
            { key: "earned", header: t("referrals.earned"), cell: (r) => formatDollars(r.earned), numeric: true },
          ]}
        />
      </section>
    </div>
  );
}

type ConsoleT = ReturnType<typeof useTranslation<"console_users">>["t"];

/** The player's time-out or self-exclusion, read only: staff can neither shorten nor lift it (docs/protection.md "Staff"). */
function breakText(d: Detail, t: ConsoleT, lng: string): string {
  const e = d.protection.exclusion;
  if (!e?.active) return t("user.break_none");
  if (e.kind === "timeout") return t("user.break_timeout", { at: when(e.ends_at, lng) });
  if (e.lifts_at !== null) return t("user.break_lifting", { at: when(e.lifts_at, lng) });
  return e.ends_at === null ? t("user.break_permanent") : t("user.break_excluded", { at: when(e.ends_at, lng) });
}

/** The player's limits in force (a pending raise noted), read only. */
function limitsText(d: Detail, t: ConsoleT): string {
  const set = d.protection.limits.filter((l) => l.amount !== null);
  if (set.length === 0) return "—";
  return set.map((l) => `${t(`user.limit.${l.kind}`)} ${formatDollars(l.amount)}${l.pending ? ` (${t("user.limit_pending")})` : ""}`).join(" · ");
}
