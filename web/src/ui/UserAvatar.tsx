// A user's avatar: the picture served by the site (/img/avatar/<userId>, never the provider's host;
// shared/avatars.ts), or for "default" (or a picture that fails) the player's first letter on a
// coloured circle.
import { useState, type CSSProperties } from "react";
import { avatarColor, avatarInitial, avatarPath } from "../../../shared/avatars";
import "./avatar.css";

interface UserAvatarProps {
  /** the player's id: the site serves their picture under it (none: the letter is drawn) */
  userId: number | null | undefined;
  /** the stored avatar as the API answers it ("default" for none) */
  avatar: string | null | undefined;
  username: string;
  size?: number;
  className?: string;
}

export function UserAvatar({ userId, avatar, username, size = 40, className }: UserAvatarProps) {
  const [broken, setBroken] = useState<string | null>(null);
  const classes = `user-avatar${className ? ` ${className}` : ""}`;
  const style = { "--avatar-size": `${size}px` } as CSSProperties;
  const src = avatarPath(userId, avatar);
  if (src && broken !== src) {
    return <img className={classes} style={style} src={src} alt="" width={size} height={size} loading="lazy" onError={() => setBroken(src)} />;
  }
  return (
    // The initial is drawn by CSS (::before): a decoration, not a word of the text around it
    // (a link's visible text must be in its accessible name).
    <span
      className={`${classes} user-avatar--initial`}
      style={{ ...style, background: avatarColor(username) }}
      data-initial={avatarInitial(username)}
      aria-hidden="true"
    />
  );
}
