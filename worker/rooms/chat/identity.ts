// Resolves an identity frame's token against D1 (sessions: live, unrevoked, unexpired).
import { sessionOfFrame } from "../../lib/socket-identity";
import type { Identity } from "./presence";

export async function resolveIdentity(env: Pick<Env, "DB">, apiToken: string): Promise<Identity> {
  const found = await sessionOfFrame(env, apiToken);
  if (!found) return { kind: "visitor" };
  return found.user.banned ? { kind: "banned" } : { kind: "user", userId: found.user.id, session: found.tokenHash };
}
