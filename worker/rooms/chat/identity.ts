// Resolves an identity frame's token against D1 (sessions: live, unrevoked, unexpired).
import { userForToken } from "../../auth/sessions";
import { db } from "../../db/client";
import { tokenOf, type Identity } from "./presence";

export async function resolveIdentity(env: Pick<Env, "DB">, apiToken: string): Promise<Identity> {
  const token = tokenOf(apiToken);
  if (!token) return { kind: "visitor" };
  const found = await userForToken(db(env), token);
  if (!found) return { kind: "visitor" };
  return found.user.banned ? { kind: "banned" } : { kind: "user", userId: found.user.id, session: found.tokenHash };
}
