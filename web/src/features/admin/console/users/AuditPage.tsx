// /admin/audit: the audit log for admins — every staff action with who, when, whom, the details,
// the state before and after (a readable diff) and the address; filters in the URL, keyset pages.
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type AuditRowJson, consoleLogCalls } from "../../../../../../shared/api/admin-audit";
import { type Column, ConsoleTable } from "../ui/ConsoleTable";
import { useKeysetList } from "../ui/useKeysetList";
import { useUrlFilters } from "../ui/useUrlFilters";
import { diffStates } from "./diff";
import { fromLocalInput, msParam, toLocalInput, when } from "./format";
import "./users.css";

const ACTION = /^[a-z][a-z0-9_]*(\.[a-z0-9_]*)*$/;

export default function AuditPage() {
  const { t, i18n } = useTranslation("console_audit");
  const f = useUrlFilters();
  const actor = f.id("actor");
  const target = f.id("target");
  const actionParam = f.get("action");
  const action = actionParam && ACTION.test(actionParam) ? actionParam : undefined;
  const from = msParam(f.get("from"));
  const to = msParam(f.get("to"));
  const list = useKeysetList(
    "audit",
    consoleLogCalls.auditList,
    {
      ...(actor ? { actor_id: actor } : {}),
      ...(target ? { target_user_id: target } : {}),
      ...(action ? { action } : {}),
      ...(from === undefined ? {} : { from }),
      ...(to === undefined ? {} : { to }),
    },
    { rows: (a) => a.rows, next: (a) => a.next_cursor },
  );
  const actions = list.data?.pages[0]?.actions ?? [];
  const prefixes = [...new Set(actions.map((a) => `${a.split(".")[0]}.`))];
  const ids = { actor: useId(), target: useId(), action: useId(), from: useId(), to: useId() };

  const columns: Column<AuditRowJson>[] = [
    { key: "time", header: t("col.time"), cell: (r) => when(r.created_at, i18n.language) },
    { key: "action", header: t("col.action"), cell: (r) => <code>{r.action}</code> },
    {
      key: "target",
      header: t("col.target"),
      cell: (r) => (r.target ? <Link to={`/admin/users/${r.target.id}`}>{r.target.username || `#${r.target.id}`}</Link> : "—"),
    },
    { key: "change", header: t("col.change"), cell: (r) => <Change before={r.before} after={r.after} /> },
    { key: "actor", header: t("col.actor"), cell: (r) => <Link to={`/admin/users/${r.actor.id}`}>{r.actor.username || `#${r.actor.id}`}</Link> },
    {
      key: "details",
      header: t("col.details"),
      cell: (r) => (Object.keys(r.details).length ? <span className="console-details">{JSON.stringify(r.details)}</span> : "—"),
    },
    { key: "ip", header: t("col.ip"), cell: (r) => r.ip ?? "—" },
  ];

  return (
    <section className="console-card" aria-labelledby="console-audit-title">
      <h1 id="console-audit-title">{t("title")}</h1>
      <div className="console-filters" role="search">
        <div className="console-field">
          <label htmlFor={ids.action}>{t("filter.action")}</label>
          <select id={ids.action} className="input" value={action ?? ""} onChange={(e) => f.set("action", e.target.value)} data-testid="console-audit-action">
            <option value="">{t("filter.any")}</option>
            {prefixes.map((p) => (
              <option key={p} value={p}>
                {t("filter.prefix", { prefix: p })}
              </option>
            ))}
            {actions.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </div>
        <IdFilter id={ids.actor} label={t("filter.actor")} value={actor} onChange={(v) => f.set("actor", v)} />
        <IdFilter id={ids.target} label={t("filter.target")} value={target} onChange={(v) => f.set("target", v)} />
        <div className="console-field">
          <label htmlFor={ids.from}>{t("filter.from")}</label>
          <input
            id={ids.from}
            className="input"
            type="datetime-local"
            value={toLocalInput(from)}
            onChange={(e) => f.set("from", String(fromLocalInput(e.target.value) ?? ""))}
          />
        </div>
        <div className="console-field">
          <label htmlFor={ids.to}>{t("filter.to")}</label>
          <input
            id={ids.to}
            className="input"
            type="datetime-local"
            value={toLocalInput(to)}
            onChange={(e) => f.set("to", String(fromLocalInput(e.target.value) ?? ""))}
          />
        </div>
      </div>
      <ConsoleTable caption={t("title")} columns={columns} list={list} rowKey={(r) => r.id} empty={t("empty")} testId="console-audit" />
    </section>
  );
}

/** A user id filter: applied when the field is left or Enter is pressed (not on every key). */
function IdFilter({ id, label, value, onChange }: { id: string; label: string; value: number | undefined; onChange: (v: string) => void }) {
  return (
    <div className="console-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        key={value ?? "none"}
        className="input"
        inputMode="numeric"
        pattern="[1-9][0-9]*"
        defaultValue={value ?? ""}
        onBlur={(e) => onChange(e.target.value.trim())}
        onKeyDown={(e) => {
          if (e.key === "Enter") onChange(e.currentTarget.value.trim());
        }}
      />
    </div>
  );
}

function Change({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useTranslation("console_audit");
  if ((before === null || before === undefined) && (after === null || after === undefined)) return <>—</>;
  const lines = diffStates(before ?? null, after ?? null);
  if (lines.length === 0) return <>{t("no_change")}</>;
  return (
    <ul className="console-diff">
      {lines.map((l) => (
        <li key={l.path}>
          {l.path ? <span>{l.path}: </span> : null}
          {l.before !== undefined ? (
            <del>
              <span className="sr-only">{t("before")}: </span>
              {l.before}
            </del>
          ) : (
            <span>{t("none")}</span>
          )}
          {" → "}
          {l.after !== undefined ? (
            <ins>
              <span className="sr-only">{t("after")}: </span>
              {l.after}
            </ins>
          ) : (
            <span>{t("none")}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
