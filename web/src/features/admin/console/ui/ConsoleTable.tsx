// A console table: caption, columns, the keyset list's rows, its loading / error / empty states and
// "Load more"; or a list the server answers whole (StaticTable: a user page's lists). The table
// scrolls inside its own box, so a phone never scrolls sideways. A column may sort the table (the
// server's sorts: shared/api/keyset.ts): its header is a button, the sorted column says so with
// aria-sort, and a second press turns the order round when the table has the other direction.
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { failureKey } from "../../../../lib/api";
import { displayMessage } from "../../../../lib/i18n";
import { Skeleton } from "../../../../ui/Spinner";
import { LoadFailed } from "../../../../ui/StateNote";

export interface Column<Row> {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** right-aligned figures */
  numeric?: boolean;
  /** the table's sorts this column's header picks: the one in each direction the server has */
  sort?: { ascending?: string; descending?: string };
}

/** The table's current sort (from the URL) and how to pick another. */
export interface TableSort {
  value: string;
  set: (sort: string) => void;
}

interface ListState<Row> {
  rows: readonly Row[];
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  refetch: () => unknown;
}

interface GridProps<Row> {
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  sort?: TableSort | undefined;
  busy?: boolean;
  testId?: string | undefined;
}

export function ConsoleTable<Row>({
  caption,
  columns,
  list,
  rowKey,
  empty,
  sort,
  testId,
}: {
  caption: string;
  columns: readonly Column<Row>[];
  list: ListState<Row>;
  rowKey: (row: Row) => string | number;
  empty: string;
  sort?: TableSort;
  testId?: string;
}) {
  const { t: tCommon } = useTranslation();
  if (list.isPending) return <Skeleton width="100%" height={160} />;
  if (list.isError)
    return (
      <LoadFailed message={displayMessage(failureKey(list.error, "console_error.load") ?? "console_error.load", tCommon)} onRetry={() => void list.refetch()} />
    );
  if (list.rows.length === 0)
    return (
      <p className="state-note" data-testid={testId ? `${testId}-empty` : undefined}>
        {empty}
      </p>
    );
  return (
    <>
      <Grid caption={caption} columns={columns} rows={list.rows} rowKey={rowKey} sort={sort} busy={list.isFetching} testId={testId} />
      <LoadMore list={list} />
    </>
  );
}

/** A table of rows the server answers whole (no pages, no sort): a user page's lists. */
export function StaticTable<Row>({
  empty,
  ...grid
}: {
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  empty: string;
  testId?: string;
}) {
  if (grid.rows.length === 0) return <p className="state-note">{empty}</p>;
  return <Grid {...grid} />;
}

/** "Load more" under a keyset list (a table, or a list of cards): shown while another page follows. */
export function LoadMore({ list }: { list: Pick<ListState<unknown>, "hasNextPage" | "isFetchingNextPage" | "fetchNextPage"> }) {
  const { t } = useTranslation("console");
  if (!list.hasNextPage) return null;
  return (
    <div className="console-actions console-actions--center">
      <button
        type="button"
        className="button"
        disabled={list.isFetchingNextPage}
        aria-busy={list.isFetchingNextPage || undefined}
        onClick={() => void list.fetchNextPage()}
      >
        {t(list.isFetchingNextPage ? "table.loading_more" : "table.load_more")}
      </button>
    </div>
  );
}

function Grid<Row>({ caption, columns, rows, rowKey, sort, busy, testId }: GridProps<Row>) {
  return (
    <div
      className="console-table-box"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to scroll by keyboard (axe scrollable-region-focusable)
      tabIndex={0}
      role="region"
      aria-label={caption}
    >
      <table className="console-table" aria-busy={busy || undefined} data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <HeaderCell key={c.key} column={c} sort={sort} />
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((c) => (
                <td key={c.key} className={c.numeric ? "is-numeric" : undefined}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function HeaderCell<Row>({ column: c, sort }: { column: Column<Row>; sort: TableSort | undefined }) {
  const { t } = useTranslation("console");
  const className = c.numeric ? "is-numeric" : undefined;
  const { ascending, descending } = c.sort ?? {};
  if (!sort || (!ascending && !descending))
    return (
      <th scope="col" className={className}>
        {c.header}
      </th>
    );
  const current = sort.value === ascending ? "ascending" : sort.value === descending ? "descending" : null;
  // a press sorts by this column; pressed again, the other way round when the table has it
  const next = current === "ascending" ? (descending ?? ascending) : current === "descending" ? (ascending ?? descending) : (descending ?? ascending);
  return (
    <th scope="col" className={className} aria-sort={current ?? "none"}>
      <button type="button" className="console-sort" onClick={() => next && sort.set(next)} data-sort={next}>
        {c.header}
        <span className="console-sort-mark" aria-hidden="true">
          {current === "ascending" ? "▲" : current === "descending" ? "▼" : "↕"}
        </span>
        <span className="sr-only">{t(current ? "table.sorted" : "table.sort_by")}</span>
      </button>
    </th>
  );
}
