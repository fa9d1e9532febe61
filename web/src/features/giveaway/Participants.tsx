// The participant count and the newest participants' avatars (each a link to the profile).
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { ActiveGiveawayJson } from "../../../../shared/api/giveaways";
import { UserAvatar } from "../../ui/UserAvatar";

export function Participants({ giveaway, avatars }: { giveaway: ActiveGiveawayJson; avatars: boolean }) {
  const { t } = useTranslation("giveaway");
  return (
    <div className="giveaway-members">
      <p data-testid="giveaway-members">{t("members", { count: giveaway.members })}</p>
      {avatars && giveaway.participants.length > 0 ? (
        <ul className="giveaway-avatars" aria-label={t("newest_members")}>
          {giveaway.participants.map((p) => (
            <li key={p.place_id}>
              <Link to={`/user/${p.user.id}`} className="giveaway-avatar-link" title={p.user.username}>
                <UserAvatar userId={p.user.id} avatar={p.user.avatar} username={p.user.username} size={32} />
                <span className="sr-only">{p.user.username}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
