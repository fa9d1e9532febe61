// worker/db/guards.ts in Node: a guard's code is checked when the statement is built, and a
// batch's failure is read back as the code of its guard (the batch_guard trigger's message).
import { describe, expect, it } from "vitest";
import { failedGuard, guard, refusalOf } from "../../worker/db/guards";
import { sql, toQuery } from "../../worker/db/sql";

describe("batch guards", () => {
  it("inserts a row carrying its code only when the condition holds", () => {
    expect(toQuery(guard("bet.round_closed", sql`x = ${1}`))).toEqual({
      sql: "INSERT INTO batch_guard (failed, code) SELECT 1, ? WHERE x = ?",
      params: ["bet.round_closed", 1],
    });
  });

  it("refuses a code the trigger's message could not carry back", () => {
    for (const bad of ["", "Bet.Closed", "bet closed", "bet.", ".bet", "bet:closed", "bet'; --"]) expect(() => guard(bad, sql`1`)).toThrow(RangeError);
  });

  it("reads the guard's code from the batch's failure, and nothing from any other failure", () => {
    const raised = new Error("D1_ERROR: batch_guard:crash.same_multiplier: SQLITE_CONSTRAINT (extended: SQLITE_CONSTRAINT_TRIGGER)");
    expect(failedGuard(raised)).toBe("crash.same_multiplier");
    expect(refusalOf(raised, { "crash.same_multiplier": "crash_api.same_multiplier" })).toBe("crash_api.same_multiplier");
    expect(refusalOf(raised, { "bet.round_closed": "crash_api.game_started" })).toBeUndefined();
    const constraint = new Error("D1_ERROR: UNIQUE constraint failed: crash_bets.round_id, crash_bets.user_id: SQLITE_CONSTRAINT");
    expect(failedGuard(constraint)).toBeUndefined();
    expect(failedGuard("network lost")).toBeUndefined();
  });
});
