// The frame every profile table shares (game histories, withdrawals): a skeleton while the
// profile loads, the empty line, else the table with one header per column. The rows are the
// caller's; each cell carries its column name in data-label (the narrow layout shows it).
import type { ReactNode } from "react";

interface ProfileTableProps<C extends string, R> {
  columns: readonly C[];
  heading(column: C): string;
  rows: R[] | undefined;
  empty: string;
  children(rows: R[]): ReactNode;
}

export function ProfileTable<C extends string, R>({ columns, heading, rows, empty, children }: ProfileTableProps<C, R>) {
  if (!rows) return <TableSkeleton columns={columns.length} />;
  if (rows.length === 0) return <p className="profile-empty">{empty}</p>;
  return (
    <div className="profile-table-wrap">
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
