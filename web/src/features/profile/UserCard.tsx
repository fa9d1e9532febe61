import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { UserAvatar } from "../../ui/UserAvatar";

interface UserCardProps {
  user: { id: number; username: string; avatar: string; is_admin?: boolean; is_moderator?: boolean; is_youtuber?: boolean };
  /** Other players' names blur in streamer mode; one's own does not. */
  own: boolean;
  children?: ReactNode;
}

export function UserCard({ user, own, children }: UserCardProps) {
  const { t } = useTranslation("profile");
  const badges = [user.is_admin && "admin", !user.is_admin && user.is_moderator && "moderator", user.is_youtuber && "youtuber"].filter(
    (b): b is "admin" | "moderator" | "youtuber" => typeof b === "string",
  );
  return (
    <section className="profile-card">
      <UserAvatar userId={user.id} avatar={user.avatar} username={user.username} size={72} />
      <div className="profile-card__who">
        <h1 className={`profile-card__name${own ? "" : " participant-name"}`}>{user.username}</h1>
        <p className="profile-card__id">
          {t("card.id")} {user.id}
          {badges.map((b) => (
            <span key={b} className={`profile-badge profile-badge--${b}`}>
              {t(`card.roles.${b}`)}
            </span>
          ))}
        </p>
      </div>
      {children && <div className="profile-card__extra">{children}</div>}
    </section>
  );
}
