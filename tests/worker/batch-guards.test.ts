// Batch guards (worker/db/guards.ts): a failed guard aborts its whole batch and names itself by
// the code its caller chose, which maps to a §8 key; a failure no guard foresaw (a constraint's
// backstop) maps to nothing and is thrown as a fault.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { expectChanges, failedGuard, guard, refusalOf } from "../../worker/db/guards";
import { classifyBatchError, userBalanceStatements } from "../../worker/db/ledger";
import { batch, sql } from "../../worker/db/sql";
import { count } from "./crash-fixtures";
import { balanceOf, deposit, makeUser } from "./user-fixtures";

const failureOf = async (statements: Parameters<typeof batch>[1]) => {
  try {
    await batch(env.DB, statements);
  } catch (err) {
    return err;
  }
  throw new Error("the batch landed");
};

describe("batch guards", () => {
  it("a failed guard aborts the batch and maps to its key by its code", async () => {
    const { user } = await makeUser();
    const err = await failureOf([sql`UPDATE users SET cashback = cashback + 5 WHERE id = ${user.id}`, guard("crash.same_multiplier", sql`1 = 1`)]);
    expect(failedGuard(err)).toBe("crash.same_multiplier");
    expect(refusalOf(err, { "crash.same_multiplier": "crash_api.same_multiplier", "bet.round_closed": "crash_api.game_started" })).toBe(
      "crash_api.same_multiplier",
    );
    expect(refusalOf(err, { "bet.round_closed": "crash_api.game_started" })).toBeUndefined(); // a code the caller did not list
    expect(await count("SELECT cashback AS n FROM users WHERE id = ?1", user.id)).toBe(0); // nothing of the batch landed
    expect(await count("SELECT COUNT(*) AS n FROM batch_guard")).toBe(0);
  });

  it("a guard that holds writes nothing and lets the batch land", async () => {
    const { user } = await makeUser();
    await batch(env.DB, [sql`UPDATE users SET cashback = 7 WHERE id = ${user.id}`, expectChanges(1), guard("never.fails", sql`1 = 0`)]);
    expect(await count("SELECT cashback AS n FROM users WHERE id = ?1", user.id)).toBe(7);
    expect(await count("SELECT COUNT(*) AS n FROM batch_guard")).toBe(0);
  });

  it("a constraint no guard foresaw is no guard's failure: mapped to nothing", async () => {
    const { user } = await makeUser();
    const err = await failureOf([sql`INSERT INTO users (id, username) VALUES (${user.id}, 'twin')`]);
    expect(failedGuard(err)).toBeUndefined();
    expect(classifyBatchError(err)).toBeUndefined();
    expect(refusalOf(err, { changes: "app_api.invalid_request" })).toBeUndefined();
  });

  it("an overdraft and a replayed ledger key are told apart by their guards", async () => {
    const { user } = await makeUser();
    await deposit(user.id, 500);
    const debit = (cents: number, key: string) => userBalanceStatements({ userId: user.id, delta: -cents, kind: "adjustment", idempotencyKey: key });
    expect(classifyBatchError(await failureOf(debit(501, "guards:overdraft")))).toBe("insufficient");
    await batch(env.DB, debit(200, "guards:once"));
    expect(classifyBatchError(await failureOf(debit(200, "guards:once")))).toBe("replay");
    expect(await balanceOf(user.id)).toBe(300);
  });
});
