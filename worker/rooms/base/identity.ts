// The identity frame every room's socket sends (shared/rooms/frame.ts identityFrame): who is behind
// its token, and the attachment that proves it. The room shell (Room.ts) runs it for every room.
import { sessionOfFrame } from "../../lib/socket-identity";

/** A signed-in socket's user, as rooms show him (bet rows, ...). */
export interface SocketUser {
  id: number;
  username: string;
  avatar: string;
}

/** `session`: the SHA-256 of the token (a logout closes the sockets bound to it). */
export type Identity = { kind: "visitor" } | { kind: "banned" } | { kind: "user"; user: SocketUser; session: string };

/** Resolves an identity frame's token against D1 (sessions: live, unrevoked, unexpired). */
export async function resolveIdentity(env: Pick<Env, "DB">, apiToken: string): Promise<Identity> {
  const found = await sessionOfFrame(env, apiToken);
  if (!found) return { kind: "visitor" };
  if (found.user.banned) return { kind: "banned" };
  const { id, username, avatar } = found.user;
  return { kind: "user", user: { id, username, avatar }, session: found.tokenHash };
}

interface IdentityKeys {
  userId: number | null;
  session?: string | null;
}

/** Binds a socket to what its identity frame proved (pure); a banned user stays a visitor and is told so. */
export function bindIdentity<A extends IdentityKeys>(attachment: A, identity: Identity): { attachment: A; refused?: "user_api.banned" } {
  switch (identity.kind) {
    case "user":
      return { attachment: { ...attachment, userId: identity.user.id, session: identity.session } };
    case "banned":
      return { attachment: { ...attachment, userId: null, session: null }, refused: "user_api.banned" };
    case "visitor":
      return { attachment: { ...attachment, userId: null, session: null } };
  }
}
