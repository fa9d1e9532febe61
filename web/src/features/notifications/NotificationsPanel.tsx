// The notification list (§4 Notifications): opening it marks everything read.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { type NotificationJson, userCalls } from "../../../../shared/api/user";
import { useUiStore } from "../../lib/uiStore";
import { useItemName } from "../../ui/itemWords";
import { EmptyState } from "../../ui/EmptyState";
import { ListSection } from "../../ui/ListSection";
import { SignInPrompt } from "../../ui/StateNote";
import { api } from "../../lib/api";
import { queryKeys } from "../../lib/queryKeys";
import { unreadCount, withAllRead } from "../../lib/session/notifications";
import { useCurrentUser, type CurrentUser } from "../../lib/session/useCurrentUser";
import { isMessageKey, nameKey } from "./messageKey";
import "./notifications.css";

export function NotificationsPanel() {
  const { t, i18n } = useTranslation("notifications");
  const queryClient = useQueryClient();
  const notify = useUiStore((s) => s.notify);
  const { data: user, isPending } = useCurrentUser();
  // Which ones were unread when they reached the open panel: they stay highlighted while it is open.
  const [freshIds, setFreshIds] = useState<ReadonlySet<number>>(() => new Set());
  // Ids already sent to read-all, so a new notification arriving while open is marked once.
  const handled = useRef(new Set<number>());
  const looked = useRef(false);

  const readAll = useMutation({
    mutationFn: () => api(userCalls.readAll),
    onSuccess: () => {
      queryClient.setQueryData<CurrentUser | null>(queryKeys.user, (u) => (u ? withAllRead(u) : u));
      void queryClient.invalidateQueries({ queryKey: queryKeys.user });
    },
    onError: () => notify({ type: "error", message: "notification_error.send_all_read" }),
  });
  const markAllRead = readAll.mutate;

  useEffect(() => {
    if (!user) return;
    const unseen = user.notifications.filter((n) => !n.is_read && !handled.current.has(n.id)).map((n) => n.id);
    // Unread ones beyond the 50 listed still count on the first look.
    const firstLook = !looked.current && unreadCount(user) > 0;
    looked.current = true;
    for (const n of user.notifications) handled.current.add(n.id);
    if (unseen.length) setFreshIds((prev) => new Set([...prev, ...unseen]));
    if (unseen.length || firstLook) markAllRead();
  }, [user, markAllRead]);

  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: "short", timeStyle: "short" });
  const itemName = useItemName();
  // content is language-neutral (shared/api/notifications.ts): item names in it show their exterior
  // in the reader's language
  const text = (s: string) => (isMessageKey(s) ? t(s, { defaultValue: s }) : itemName(s));
  const title = (name: string) => {
    const key = nameKey(name);
    return key ? t(key, { defaultValue: name }) : name;
  };

  let body: ReactNode;
  if (isPending) {
    body = <p className="state-note">{t("loading")}</p>;
  } else if (!user) {
    body = <SignInPrompt message={t("signed_out")} button={t("login")} />;
  } else if (user.notifications.length === 0) {
    body = <EmptyState title={t("empty")}>{t("empty_hint")}</EmptyState>;
  } else {
    body = (
      <ul className="list-section__list notifications__list">
        {user.notifications.map((n: NotificationJson) => {
          const fresh = freshIds.has(n.id) || !n.is_read;
          return (
            <li key={n.id} className={`notifications__item${fresh ? " notifications__item--new" : ""}`}>
              <div className="notifications__row">
                <strong className="notifications__name">{title(n.name)}</strong>
                {fresh && <span className="notifications__badge">{t("new")}</span>}
              </div>
              <p className="notifications__content">{text(n.content)}</p>
              <time className="notifications__time" dateTime={new Date(n.created_at).toISOString()}>
                {dateFormat.format(n.created_at)}
              </time>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <ListSection className="notifications" title={t("title")} count={user && user.notifications.length > 0 && t("count", { count: user.notifications.length })}>
      {body}
    </ListSection>
  );
}
