// A console table: caption, columns, the keyset list's rows, its loading / error / empty states and
// "Load more". The table scrolls inside its own box, so a phone never scrolls sideways.
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

export function ConsoleTable<Row>({
  caption,
  columns,
  list,
  rowKey,
  empty,
  testId,
}: {
  caption: string;
  columns: readonly Column<Row>[];
  list: ListState<Row>;
  rowKey: (row: Row) => string | number;
  empty: string;
  testId?: string;
}) {
  const { t } = useTranslation("console");
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
      <div className="console-table-box">
        <table className="console-table" aria-busy={list.isFetching || undefined} data-testid={testId}>
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.key} scope="col" className={c.numeric ? "is-numeric" : undefined}>
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {list.rows.map((row) => (
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
      {list.hasNextPage ? (
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
      ) : null}
    </>
  );
}
