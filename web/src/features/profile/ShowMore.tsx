// The foot of a paged profile list: how many rows are shown (announced as it grows), and "Show
// more" while the server has a next page. At the end the button goes; if it had the focus, the
// count takes it, so the keyboard does not fall back to the top of the page. A failed further
// page keeps the rows shown and says so next to the button, which then retries.
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { PagedList } from "./useHistory";

export function ShowMore({ list }: { list: PagedList<unknown> }) {
  const { t } = useTranslation("profile");
  const countRef = useRef<HTMLParagraphElement>(null);
  const focusedMore = useRef(false);
  const shown = list.rows?.length ?? 0;
  const { hasMore } = list;
  useEffect(() => {
    if (!hasMore && focusedMore.current) countRef.current?.focus();
    focusedMore.current = false;
  }, [hasMore]);
  if (shown === 0) return null;
  return (
    <div className="profile-more">
      <p ref={countRef} className="profile-more__count" data-testid="history-shown" role="status" tabIndex={-1}>
        {hasMore ? t("more.shown", { count: shown }) : t("more.all", { count: shown })}
      </p>
      {list.moreFailed && (
        <p className="profile-form__error" role="alert">
          {t("more.failed")}
        </p>
      )}
      {hasMore && (
        <button
          type="button"
          className="button"
          onClick={(e) => {
            if (list.loadingMore) return;
            focusedMore.current = document.activeElement === e.currentTarget;
            list.loadMore();
          }}
          // not `disabled` while loading: a disabled button would drop the keyboard focus
          aria-disabled={list.loadingMore || undefined}
          aria-busy={list.loadingMore || undefined}
        >
          {list.loadingMore ? t("more.loading") : list.moreFailed ? t("retry") : t("more.button")}
        </button>
      )}
    </div>
  );
}
