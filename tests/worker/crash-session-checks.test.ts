// The cash-outs' session reads (rooms/crash/services.ts SessionChecks): those that arrive
// together go in one D1 read, and each still gets its own answer — live, logged out, banned, a
// session of someone else, none.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "../../worker/auth/tokens";
import { SessionChecks } from "../../worker/rooms/crash/services";
import { makeUser } from "./user-fixtures";

describe("SessionChecks", () => {
  it("answers each of many checks that arrive together", async () => {
    const live = await Promise.all([...Array(25)].map(() => makeUser()));
    const out = await makeUser();
    const banned = await makeUser();
    const [liveHashes, outHash, bannedHash] = await Promise.all([
      Promise.all(live.map((u) => sha256Hex(u.token))),
      sha256Hex(out.token),
      sha256Hex(banned.token),
    ]);
    await env.DB.prepare("UPDATE sessions SET revoked_at = ?1 WHERE token_hash = ?2").bind(Date.now(), outHash).run();
    await env.DB.prepare("UPDATE users SET banned = 1 WHERE id = ?1").bind(banned.user.id).run();
    const checks = new SessionChecks(env);
    const answers = await Promise.all([
      ...live.map((u, i) => checks.check(u.user.id, liveHashes[i])),
      checks.check(out.user.id, outHash),
      checks.check(banned.user.id, bannedHash),
      checks.check(live[0]!.user.id, liveHashes[1]), // another player's session
      checks.check(live[0]!.user.id, null),
      checks.check(999_999_999, liveHashes[0]), // no such user
    ]);
    expect(answers.slice(0, 25)).toEqual(live.map(() => null));
    expect(answers.slice(25)).toEqual([
      "crash_api.unauthorized",
      "user_api.banned",
      "crash_api.unauthorized",
      "crash_api.unauthorized",
      "crash_api.unauthorized",
    ]);
  });
});
