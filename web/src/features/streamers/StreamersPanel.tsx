// Video creators (§1 streamer list): GET /api/youtubers.
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useUiStore } from "../../lib/uiStore";
import { userCalls } from "../../../../shared/api/user";
import { api } from "../../lib/api";
import { EmptyState } from "../../ui/EmptyState";
import { ListSection } from "../../ui/ListSection";
import { LoadFailed } from "../../ui/StateNote";
import { queryKeys } from "../../lib/queryKeys";
import { UserAvatar } from "../../ui/UserAvatar";
import "./streamers.css";

function useStreamers() {
  return useQuery({
    queryKey: queryKeys.youtubers,
    queryFn: () => api(userCalls.youtubers),
    staleTime: 5 * 60_000,
    select: (d) => d.youtubers,
  });
}

export function StreamersPanel() {
  const { t } = useTranslation("streamers");
  const closePanel = useUiStore((s) => s.closePanel);
  const streamers = useStreamers();

  let body: ReactNode;
  if (streamers.isPending) {
    body = (
      <ul className="list-section__list streamers__list" aria-busy="true" aria-label={t("loading")}>
        {[0, 1, 2].map((i) => (
          <li key={i} className="streamers__skeleton" />
        ))}
      </ul>
    );
  } else if (streamers.isError) {
    body = <LoadFailed message={t("load_failed")} onRetry={() => void streamers.refetch()} />;
  } else if (streamers.data.length === 0) {
    body = <EmptyState title={t("empty")}>{t("empty_hint")}</EmptyState>;
  } else {
    body = (
      <ul className="list-section__list streamers__list">
        {streamers.data.map((s) => (
          <li key={s.id}>
            <Link className="streamers__item" to={`/user/${s.id}`} onClick={() => closePanel()}>
              <UserAvatar userId={s.id} avatar={s.avatar} username={s.username} size={40} />
              <span className="streamers__name participant-name">{s.username}</span>
              <span className="streamers__badge">{t("badge")}</span>
            </Link>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <ListSection className="streamers" title={t("title")} count={streamers.data && streamers.data.length > 0 && t("count", { count: streamers.data.length })}>
      {body}
    </ListSection>
  );
}
