// /user/:id (§2, §3 Public user view): another user's card, statistics and the four game
// histories (the same paged tabs as /profile, with that user's id); nothing private (no money lists).
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { ApiError } from "../../lib/api";
import { displayMessage } from "../../lib/i18n";
import { useCurrentUser } from "../../lib/session/useCurrentUser";
import { HistoryTabs } from "./HistoryTabs";
import { ProfileSection } from "./ProfileSection";
import { StatsGrid } from "./StatsGrid";
import { usePublicUser } from "./useProfile";
import { UserCard } from "./UserCard";
import "./profile.css";

function parseId(raw: string | undefined): number | null {
  return raw && /^\d{1,15}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}

export default function PublicProfilePage() {
  const { t } = useTranslation("profile");
  const { t: tCommon } = useTranslation();
  const { id: rawId } = useParams();
  const id = parseId(rawId);
  const me = useCurrentUser().data;
  const query = usePublicUser(id);

  const notFound = id === null || (query.error instanceof ApiError && query.error.status === 404);
  if (notFound) {
    // the page's h1 is the catalogue message of the 404 answer (user_api.user_not_found)
    const key = query.error instanceof ApiError && query.error.status === 404 ? query.error.key : "user_api.user_not_found";
    return (
      <div className="profile-page">
        <section className="profile-section profile-not-found" data-testid="public-profile-not-found">
          <h1>{displayMessage(key, tCommon)}</h1>
          <Link to="/" className="button button-primary">
            {t("public.home")}
          </Link>
        </section>
      </div>
    );
  }

  if (query.isError) {
    // §8 any_user_error.load_by_id. A retry only helps when the network or the server failed.
    const retryable = !(query.error instanceof ApiError) || query.error.status === 0 || query.error.status >= 500;
    return (
      <div className="profile-page">
        <section className="profile-section profile-error" role="alert">
          <h1>{displayMessage("any_user_error.load_by_id", tCommon)}</h1>
          {retryable && (
            <button type="button" className="button button-primary" onClick={() => void query.refetch()}>
              {t("retry")}
            </button>
          )}
        </section>
      </div>
    );
  }

  const user = query.data;
  return (
    <div className="profile-page">
      {user ? (
        <UserCard user={user} own={me?.id === user.id} />
      ) : (
        <div className="profile-skeleton shimmer-block profile-skeleton--card" aria-busy="true">
          <h1 className="sr-only">{t("public.loading")}</h1>
        </div>
      )}
      <ProfileSection id="public-stats" title={t("sections.stats")}>
        <StatsGrid stats={user?.stats} />
      </ProfileSection>
      <ProfileSection id="public-history" title={t("history.title")}>
        {id !== null && <HistoryTabs userId={id} />}
      </ProfileSection>
    </div>
  );
}
