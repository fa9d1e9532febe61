// The identity frame every room's socket sends first: its token, and the live session behind it.
// One module for all rooms (chat, crash, the rooms to come), so no room reaches into another's
// internals for it.
import { userForToken } from "../auth/sessions";
import { db } from "../db/client";
import type { UserRow } from "../db/types";

/** The raw token of an identity frame: the SPA sends it bare; a "Bearer " prefix is tolerated. */
export function tokenOf(apiToken: string): string {
  const t = apiToken.trim();
  return t.startsWith("Bearer ") ? t.slice(7).trim() : t;
}

/** The user and token hash behind the frame's token (live, unrevoked, unexpired), or undefined. */
export async function sessionOfFrame(env: Pick<Env, "DB">, apiToken: string): Promise<{ user: UserRow; tokenHash: string } | undefined> {
  const token = tokenOf(apiToken);
  return token ? userForToken(db(env), token) : undefined;
}
