// The books (docs/money.md "Money rules"): every check of the registry (books/checks.ts) in ONE batch,
// their figures in one flat report, `ok` when every figure that must be 0 is, and the checks that
// are not in `failing`. All figures are integer cents (cashback accruals: hundredths of a cent)
// or counts. It sits in books/, not db/, because it reads every money domain's SQL; db/ keeps the
// client, schema and ledger helpers.
import { batch, rowsOf, sql } from "../db/sql";
import type { BookCheck } from "./check";
import { BOOK_CHECKS } from "./checks";

type FigureOf<C> = C extends BookCheck<infer F> ? F : never;
/** The name of a figure of the books (see each check's comment for what it counts). */
export type Figure = FigureOf<(typeof BOOK_CHECKS)[number]>;

export type Reconciliation = Record<Figure, number> & {
  ok: boolean;
  /** the names of the checks with a figure off 0 that must be 0 */
  failing: string[];
};

export async function reconcile(env: Pick<Env, "DB">): Promise<Reconciliation> {
  const checks: readonly BookCheck[] = BOOK_CHECKS;
  const results = await batch(
    env.DB,
    checks.map((c) => sql.raw(c.sql)),
  );
  const figures: Record<string, number> = {};
  const failing: string[] = [];
  checks.forEach((check, i) => {
    const row = rowsOf<Record<string, number | null>>(results[i])[0] ?? {};
    for (const [figure, column] of Object.entries(check.figures)) figures[figure] = Number(row[column] ?? 0);
    if (check.mustBeZero.some((figure) => figures[figure] !== 0)) failing.push(check.name);
  });
  return { ...(figures as Record<Figure, number>), ok: failing.length === 0, failing };
}
