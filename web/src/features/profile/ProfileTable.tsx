// The frame every profile table shares (game histories, withdrawals): a skeleton while the
// profile loads, the empty line, else the table with one header per column. The rows are the
// caller's; each cell carries its column name in data-label (the narrow layout shows it). The
// wrap scrolls sideways on a phone, so it takes focus to scroll by keyboard (axe
// scrollable-region-focusable), named by `label`.
import type { ReactNode } from "react";

interface ProfileTableProps<C extends string, R> {
  columns: readonly C[];
  heading(column: C): string;
  rows: R[] | undefined;
  empty: string;
  /** names the scrolling region (the section's title) */
  label: string;
  children(rows: R[]): ReactNode;
}

export function ProfileTable<C extends string, R>({ columns, heading, rows, empty, label, children }: ProfileTableProps<C, R>) {
  if (!rows) return <TableSkeleton columns={columns.length} />;
  if (rows.length === 0) return <p className="profile-empty">{empty}</p>;
  return (
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
