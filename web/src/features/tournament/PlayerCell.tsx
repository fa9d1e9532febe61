// A player in the tournament's lists: avatar and name, one link to the public profile; the name
// blurs in streamer mode (.participant-name).
import { Link } from "react-router";
import type { RankedJson } from "../../../../shared/api/tournaments";
import { UserAvatar } from "../../ui/UserAvatar";

export function PlayerLink({ user, size = 32 }: { user: RankedJson["user"]; size?: number }) {
  return (
    <Link to={`/user/${user.id}`} className="tournament-player">
      <UserAvatar userId={user.id} avatar={user.avatar} username={user.username} size={size} />
      <span className="participant-name">{user.username}</span>
    </Link>
  );
}
