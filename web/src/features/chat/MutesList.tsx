// Staff: the active chat mutes (who, by whom, why, until) with an Unmute button each. A muted
// player cannot post, so once their messages leave the chat this list is where staff lift it.
// The server checks staff rights on the list and on every unmute.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { notify } from "../../lib/uiStore";
import { EmptyState } from "../../ui/EmptyState";
import { Spinner } from "../../ui/Spinner";
import { UserAvatar } from "../../ui/UserAvatar";
import { fetchMutes, unbanUser } from "./api";
import { staffFailureKey } from "./notice";

const MUTES_KEY = ["chat", "mutes"] as const;

export function MutesList() {
  const { t, i18n } = useTranslation("chat");
  const queryClient = useQueryClient();
  const mutes = useQuery({ queryKey: MUTES_KEY, queryFn: fetchMutes, staleTime: 0 });
  const [busyId, setBusyId] = useState<number | null>(null);
  const when = (ms: number) => new Date(ms).toLocaleString(i18n.language, { day: "2-digit", month: "2-digit", hour: "2-digit", minute: "2-digit" });

  const unmute = async (userId: number) => {
    setBusyId(userId);
    try {
      const answer = await unbanUser(userId);
      notify({ type: "success", message: answer.message });
    } catch (err) {
      notify({ type: "error", message: staffFailureKey(err, "chat_error.unmute_user") });
    } finally {
      setBusyId(null);
      void queryClient.invalidateQueries({ queryKey: MUTES_KEY });
    }
  };

  if (mutes.isPending) return <Spinner label={t("mutes.loading")} />;
  if (mutes.isError)
    return (
      <p className="chat-modal-note" role="alert">
        {t("mutes.failed")}
      </p>
    );
  const list = mutes.data.mutes;
  if (list.length === 0) return <EmptyState title={t("mutes.empty")} />;
  return (
    <ul className="chat-mutes" aria-label={t("mutes.title")}>
      {list.map((m) => (
        <li key={m.id} className="chat-mute">
          <UserAvatar userId={m.user.id} avatar={m.user.avatar} username={m.user.username} size={32} />
          <div className="chat-mute-body">
            <span className="chat-mute-name participant-name">{m.user.username}</span>
            <span className="chat-modal-note">
              {m.until === null ? t("mutes.forever") : t("mutes.until", { time: when(m.until) })} · {t("mutes.reason", { reason: m.reason })} ·{" "}
              {t("mutes.by", { name: m.moderator.username })}
            </span>
          </div>
          <button
            type="button"
            className="button button-small"
            onClick={() => unmute(m.user.id)}
            disabled={busyId !== null}
            aria-busy={busyId === m.user.id}
            aria-label={t("mutes.unmute_user", { name: m.user.username })}
          >
            {t("mutes.unmute")}
          </button>
        </li>
      ))}
    </ul>
  );
}
