// /admin/chat (moderators and admins): the chat log — every message the chat posted, newest first,
// deleted ones marked with who deleted them, when and why; filtered by author, text, send time and
// deleted only (all in the URL), more by cursor — and the active mutes with their unmute.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type ChatLogRowJson, consoleLogCalls } from "../../../../../../shared/api/admin-audit";
import { chatCalls } from "../../../../../../shared/api/chat";
import { api, failureKey } from "../../../../lib/api";
import { displayMessage } from "../../../../lib/i18n";
import { useCurrentUser } from "../../../../lib/session/useCurrentUser";
import { Skeleton } from "../../../../ui/Spinner";
import { LoadFailed } from "../../../../ui/StateNote";
import { ConfirmButton } from "../ui/ConfirmButton";
import { type Column, ConsoleTable, StaticTable } from "../ui/ConsoleTable";
import { useKeysetList } from "../ui/useKeysetList";
import { useUrlFilters } from "../ui/useUrlFilters";
import { fromLocalInput, msParam, toLocalInput, when } from "./format";

import "./users.css";

const MUTES_KEY = ["console", "chat-mutes"] as const;

export default function ChatLogPage() {
  return (
    <>
      <ChatLog />
      <Mutes />
    </>
  );
}

function ChatLog() {
  const { t, i18n } = useTranslation("console_chat");
  const { t: tChat } = useTranslation("chat");
  const isAdmin = useCurrentUser().data?.is_admin === true;
  const f = useUrlFilters();
  const userId = f.id("user");
  const text = f.get("text");
  const from = msParam(f.get("from"));
  const to = msParam(f.get("to"));
  const deletedOnly = f.get("deleted") === "1";
  const list = useKeysetList(
    "chat-log",
    consoleLogCalls.chatLog,
    {
      ...(userId ? { user_id: userId } : {}),
      ...(text ? { text } : {}),
      ...(from === undefined ? {} : { from }),
      ...(to === undefined ? {} : { to }),
      ...(deletedOnly ? { deleted: true } : {}),
    },
    { rows: (a) => a.rows, next: (a) => a.next_cursor },
  );
  const [draft, setDraft] = useState({ user: userId ? String(userId) : "", text: text ?? "" });
  useEffect(() => setDraft({ user: userId ? String(userId) : "", text: text ?? "" }), [userId, text]);
  const ids = { user: useId(), text: useId(), from: useId(), to: useId(), deleted: useId() };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    f.set("user", draft.user.trim());
    f.set("text", draft.text.trim());
  };

  // moderators have no users page (web/src/app/consolePages.tsx): the link is for admins only
  const author = (r: ChatLogRowJson) =>
    r.user.id === 0 ? (
      t("system")
    ) : isAdmin ? (
      <Link to={`/admin/users/${r.user.id}`}>{r.user.username || `#${r.user.id}`}</Link>
    ) : (
      `${r.user.username} #${r.user.id}`
    );
  const body = (r: ChatLogRowJson) => {
    // a system message's text is a key of the chat namespace (its params interpolate)
    const shown = r.user.id === 0 ? String(tChat(r.text as never, (r.params ?? {}) as never)) : r.text;
    return <span className={`console-break${r.deleted ? " console-deleted" : ""}`}>{shown}</span>;
  };
  const state = (r: ChatLogRowJson) =>
    r.deleted ? (
      <>
        <span className="console-badge console-badge--danger">{t("deleted_badge")}</span>{" "}
        {t(r.deleted.reason ? "deleted_reason" : "deleted", {
          by: r.deleted.by.username || `#${r.deleted.by.id}`,
          at: when(r.deleted.at, i18n.language),
          reason: r.deleted.reason ?? "",
        })}
      </>
    ) : (
      t("shown")
    );
  const columns: Column<ChatLogRowJson>[] = [
    { key: "id", header: t("col.id"), cell: (r) => r.id, numeric: true },
    { key: "time", header: t("col.time"), cell: (r) => when(r.time, i18n.language) },
    { key: "user", header: t("col.user"), cell: author },
    { key: "text", header: t("col.text"), cell: body },
    { key: "state", header: t("col.state"), cell: state },
  ];

  return (
    <section className="console-card" aria-labelledby="console-chat-title">
      <h1 id="console-chat-title">{t("title")}</h1>
      <p className="console-hint">{t("hint")}</p>
      <form className="console-filters" role="search" onSubmit={submit}>
        <div className="console-field">
          <label htmlFor={ids.user}>{t("filter.user")}</label>
          <input
            id={ids.user}
            className="input"
            inputMode="numeric"
            pattern="[1-9][0-9]*"
            value={draft.user}
            onChange={(e) => setDraft({ ...draft, user: e.target.value })}
          />
        </div>
        <div className="console-field console-field--wide">
          <label htmlFor={ids.text}>{t("filter.text")}</label>
          <div className="console-inline">
            <input
              id={ids.text}
              className="input"
              type="search"
              maxLength={100}
              value={draft.text}
              onChange={(e) => setDraft({ ...draft, text: e.target.value })}
            />
            <button type="submit" className="button button-primary">
              {t("filter.submit")}
            </button>
          </div>
        </div>
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
        <label className="console-check" htmlFor={ids.deleted}>
          <input id={ids.deleted} type="checkbox" checked={deletedOnly} onChange={(e) => f.set("deleted", e.target.checked ? "1" : "")} /> {t("filter.deleted")}
        </label>
      </form>
      <ConsoleTable caption={t("title")} columns={columns} list={list} rowKey={(r) => r.id} empty={t("empty")} testId="console-chat-log" />
    </section>
  );
}

function Mutes() {
  const { t, i18n } = useTranslation("console_chat");
  const { t: tCommon } = useTranslation();
  const client = useQueryClient();
  const mutes = useQuery({ queryKey: MUTES_KEY, queryFn: ({ signal }) => api(chatCalls.mutes, {}, { signal }), retry: false });
  return (
    <section className="console-card" aria-labelledby="console-mutes-title">
      <h2 id="console-mutes-title">{t("mutes.title")}</h2>
      {mutes.isPending ? (
        <Skeleton width="100%" height={80} />
      ) : mutes.isError ? (
        <LoadFailed
          message={displayMessage(failureKey(mutes.error, "console_error.load") ?? "console_error.load", tCommon)}
          onRetry={() => void mutes.refetch()}
        />
      ) : (
        <StaticTable
          caption={t("mutes.title")}
          rows={mutes.data.mutes}
          rowKey={(m) => m.id}
          empty={t("mutes.empty")}
          testId="console-mutes"
          columns={[
            { key: "user", header: t("col.user"), cell: (m) => `${m.user.username} #${m.user.id}` },
            { key: "by", header: t("mutes.by"), cell: (m) => m.moderator.username },
            { key: "reason", header: t("mutes.reason"), cell: (m) => m.reason },
            { key: "until", header: t("mutes.until"), cell: (m) => (m.until === null ? t("mutes.forever") : when(m.until, i18n.language)) },
            {
              key: "unmute",
              header: <span className="sr-only">{t("mutes.unmute")}</span>,
              cell: (m) => (
                <ConfirmButton
                  label={t("mutes.unmute")}
                  title={t("mutes.unmute_title")}
                  description={t("mutes.unmute_text", { user: m.user.username })}
                  run={async () => {
                    await api(chatCalls.unBan, { id: m.user.id });
                    await client.invalidateQueries({ queryKey: MUTES_KEY });
                  }}
                  done={t("mutes.unmuted")}
                />
              ),
            },
          ]}
        />
      )}
    </section>
  );
}
