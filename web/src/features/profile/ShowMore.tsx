// The foot of a paged profile list: how many rows are shown, and "Show more" while the server
// has a next page (the button goes at the end). A failed further page keeps the rows shown and
// says so next to the button, which then retries.
import { useTranslation } from "react-i18next";
import type { PagedList } from "./useHistory";

export function ShowMore({ list }: { list: PagedList<unknown> }) {
  const { t } = useTranslation("profile");
  const shown = list.rows?.length ?? 0;
  if (shown === 0) return null;
  return (
    <div className="profile-more">
      <p className="profile-more__count" data-testid="history-shown">
        {list.hasMore ? t("more.shown", { count: shown }) : t("more.all", { count: shown })}
      </p>
      {list.moreFailed && (
        <p className="profile-form__error" role="alert">
          {t("more.failed")}
        </p>
      )}
      {list.hasMore && (
        <button type="button" className="button" onClick={list.loadMore} disabled={list.loadingMore} aria-busy={list.loadingMore || undefined}>
          {list.loadingMore ? t("more.loading") : list.moreFailed ? t("retry") : t("more.button")}
        </button>
      )}
    </div>
  );
}
