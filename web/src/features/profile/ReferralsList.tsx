import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { UserAvatar } from "../../ui/UserAvatar";
import { dateTime } from "./format";
import { toDate } from "./historyRows";

interface Referral {
  id: number | null;
  username: string;
  avatar: string | null;
  date: Date | null;
}

function toReferral(row: Record<string, unknown>): Referral {
  const user = (typeof row.user === "object" && row.user !== null ? row.user : row) as Record<string, unknown>;
  return {
    id: typeof user.id === "number" ? user.id : null,
    username: typeof user.username === "string" ? user.username : "?",
    avatar: typeof user.avatar === "string" ? user.avatar : null,
    date: toDate(row.created_at),
  };
}

export function ReferralsList({ rows }: { rows: Record<string, unknown>[] | undefined }) {
  const { t, i18n } = useTranslation("profile");
  if (!rows) return <div className="profile-skeleton shimmer-block profile-skeleton--block" aria-busy="true" />;
  if (rows.length === 0) return <p className="profile-empty">{t("referrals.empty")}</p>;
  return (
    <>
      <p className="profile-section__sub">{t("referrals.count", { count: rows.length })}</p>
      <ul className="profile-referrals">
        {rows.map(toReferral).map((r, i) => (
          <li key={`${r.id ?? ""}:${i}`}>
            <UserAvatar avatar={r.avatar} username={r.username} size={28} />
            {r.id !== null ? (
              <Link to={`/user/${r.id}`} className="participant-name">
                {r.username}
              </Link>
            ) : (
              <span className="participant-name">{r.username}</span>
            )}
            <span className="profile-referrals__date">{dateTime(r.date, i18n.language)}</span>
          </li>
        ))}
      </ul>
    </>
  );
}
