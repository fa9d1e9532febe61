// A user's avatar: the picture, or for "default" (or a broken picture) a generated initial.
import { useState, type CSSProperties } from "react";
import { avatarColor, avatarInitial, hasPicture } from "./avatarColor";
import "./avatar.css";

interface UserAvatarProps {
  avatar: string | null | undefined;
  username: string;
  size?: number;
  className?: string;
}

export function UserAvatar({ avatar, username, size = 40, className }: UserAvatarProps) {
  const [broken, setBroken] = useState<string | null>(null);
  const classes = `user-avatar${className ? ` ${className}` : ""}`;
  const style = { "--avatar-size": `${size}px` } as CSSProperties;
  if (hasPicture(avatar) && broken !== avatar) {
    return (
      <img
        className={classes}
        style={style}
        src={avatar}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        referrerPolicy="no-referrer"
        onError={() => setBroken(avatar)}
      />
    );
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
