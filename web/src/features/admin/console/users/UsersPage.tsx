// /admin/users: the users search (admins) — by id, a part of the name, a Steam id or a trade link,
// filtered by role and ban, sorted newest, by balance or by wagered; every filter and the sort are in
// the URL, the list pages by cursor.
import { type FormEvent, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { adminCalls, type ConsoleUserRowJson, STAFF_ROLES, type StaffRole, USER_SORTS, type UserSort } from "../../../../../../shared/api/admin";
import { formatDollars } from "../../../../ui/Money";
import { UserAvatar } from "../../../../ui/UserAvatar";
import { type Column, ConsoleTable } from "../ui/ConsoleTable";
import { useKeysetList } from "../ui/useKeysetList";
import { useUrlFilters } from "../ui/useUrlFilters";
import { when } from "./format";
import "./users.css";

const SORTS = Object.keys(USER_SORTS) as UserSort[];
const isRole = (v: string | undefined): v is StaffRole => (STAFF_ROLES as readonly string[]).includes(v ?? "");

export default function UsersPage() {
  const { t, i18n } = useTranslation("console_users");
  const f = useUrlFilters();
  const q = f.get("q");
  const roleParam = f.get("role");
  const role = isRole(roleParam) ? roleParam : undefined;
  const bannedParam = f.get("banned");
  const banned = bannedParam === "1" ? true : bannedParam === "0" ? false : undefined;
  const sort = f.choice("sort", SORTS, "newest");
  const list = useKeysetList(
    "users",
    adminCalls.search,
    { sort, ...(q ? { q } : {}), ...(role ? { role } : {}), ...(banned === undefined ? {} : { banned }) },
    { rows: (a) => a.users, next: (a) => a.next_cursor },
  );

  const [text, setText] = useState(q ?? "");
  useEffect(() => setText(q ?? ""), [q]);
  const ids = { q: useId(), role: useId(), banned: useId() };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    f.set("q", text.trim());
  };

  const columns: Column<ConsoleUserRowJson>[] = [
    { key: "id", header: t("col.id"), cell: (u) => u.id, numeric: true },
    {
      key: "user",
      header: t("col.user"),
      cell: (u) => (
        <Link className="console-user-link" to={`/admin/users/${u.id}`}>
          <UserAvatar userId={u.id} avatar={u.avatar} username={u.username} size={28} />
          <span>{u.username}</span>
        </Link>
      ),
    },
    { key: "balance", header: t("col.balance"), cell: (u) => formatDollars(u.balance), numeric: true, sort: { descending: "balance" } },
    { key: "wagered", header: t("col.wagered"), cell: (u) => formatDollars(u.wagered), numeric: true, sort: { descending: "wagered" } },
    { key: "role", header: t("col.role"), cell: (u) => t(`role.${u.role}`) },
    { key: "banned", header: t("col.banned"), cell: (u) => (u.banned ? <span className="console-badge console-badge--danger">{t("banned")}</span> : "—") },
    { key: "created", header: t("col.created"), cell: (u) => when(u.created_at, i18n.language), sort: { descending: "newest" } },
  ];

  return (
    <section className="console-card" aria-labelledby="console-users-title">
      <h1 id="console-users-title">{t("title")}</h1>
      <form className="console-filters" onSubmit={submit} role="search">
        <div className="console-field console-field--wide">
          <label htmlFor={ids.q}>{t("search.label")}</label>
          <div className="console-inline">
            <input
              id={ids.q}
              className="input"
              type="search"
              value={text}
              maxLength={200}
              placeholder={t("search.placeholder")}
              onChange={(e) => setText(e.target.value)}
              data-testid="console-users-q"
            />
            <button type="submit" className="button button-primary">
              {t("search.submit")}
            </button>
          </div>
        </div>
        <div className="console-field">
          <label htmlFor={ids.role}>{t("filter.role")}</label>
          <select id={ids.role} className="input" value={role ?? ""} onChange={(e) => f.set("role", e.target.value)}>
            <option value="">{t("filter.any")}</option>
            {STAFF_ROLES.map((r) => (
              <option key={r} value={r}>
                {t(`role.${r}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="console-field">
          <label htmlFor={ids.banned}>{t("filter.banned")}</label>
          <select
            id={ids.banned}
            className="input"
            value={bannedParam === "1" || bannedParam === "0" ? bannedParam : ""}
            onChange={(e) => f.set("banned", e.target.value)}
          >
            <option value="">{t("filter.any")}</option>
            <option value="1">{t("filter.banned_yes")}</option>
            <option value="0">{t("filter.banned_no")}</option>
          </select>
        </div>
      </form>
      <ConsoleTable
        caption={t("title")}
        columns={columns}
        list={list}
        rowKey={(u) => u.id}
        empty={t("empty")}
        sort={{ value: sort, set: (v) => f.set("sort", v === "newest" ? null : v) }}
        testId="console-users"
      />
    </section>
  );
}
