// The frame every paged profile table shares (game histories, deposits, withdrawals): a skeleton
// while the first page loads, the failure with Retry, the empty line, else the table with one
// header per column and the "Show more" foot. The rows are the caller's; each cell carries its
// column name in data-label. The wrap scrolls sideways on a phone (its shadows say there is more
// to the side), so it takes focus to scroll by keyboard (axe scrollable-region-focusable), named
// by `label`.
import type { ReactNode } from "react";
import { LoadFailed } from "../../ui/StateNote";
import { ShowMore } from "./ShowMore";
import type { PagedList } from "./useHistory";

interface ProfileTableProps<C extends string, R> {
  columns: readonly C[];
  heading(column: C): string;
  list: PagedList<R>;
  empty: string;
  failed: string;
  /** names the scrolling region (the section's title) */
  label: string;
  children(rows: R[]): ReactNode;
}

export function ProfileTable<C extends string, R>({ columns, heading, list, empty, failed, label, children }: ProfileTableProps<C, R>) {
  if (list.failed) return <LoadFailed className="profile-empty profile-load-failed" message={failed} onRetry={list.retry} />;
  const rows = list.rows;
  if (!rows) return <TableSkeleton columns={columns.length} />;
  if (rows.length === 0) return <p className="profile-empty">{empty}</p>;
  return (
    <>
      <div
        className="profile-table-wrap"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to scroll by keyboard (axe scrollable-region-focusable)
        tabIndex={0}
        role="region"
        aria-label={label}
      >
        <table className="profile-table">
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c} scope="col">
                  {heading(c)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{children(rows)}</tbody>
        </table>
      </div>
      <ShowMore list={list} />
    </>
  );
}

function TableSkeleton({ columns, rows = 3 }: { columns: number; rows?: number }) {
  return (
    <div className="profile-table-skeleton" aria-busy="true">
      {Array.from({ length: rows }, (_, r) => (
        <div key={r} className="profile-table-skeleton__row" style={{ gridTemplateColumns: `repeat(${columns}, 1fr)` }}>
          {Array.from({ length: columns }, (_, c) => (
            <span key={c} className="profile-skeleton shimmer-block profile-skeleton--text" />
          ))}
        </div>
      ))}
    </div>
  );
}
