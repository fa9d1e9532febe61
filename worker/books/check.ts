// One check of the books (reconcile.ts): a statement answering one row, whose columns give the
// report's figures, and the figures that must be 0 for the books to balance (the domain's
// mismatches, or the cash equation's difference). Each money domain writes its checks beside its
// SQL (worker/<domain>/reconcile-sql.ts) and books/checks.ts lists them.

export interface BookCheck<F extends string = string> {
  /** the domain and what it checks (named in the report's `failing` list) */
  name: string;
  /** one SELECT answering one row (constant SQL: no input reaches it) */
  sql: string;
  /** the report's figure → the statement's column, integers (cents, counts) */
  figures: Readonly<Record<F, string>>;
  /** the figures that must be 0 */
  mustBeZero: readonly NoInfer<F>[];
}

/** A check, its figure names kept as literal types (the report's type is made of them). */
export const bookCheck = <const F extends string>(check: BookCheck<F>): BookCheck<F> => check;
