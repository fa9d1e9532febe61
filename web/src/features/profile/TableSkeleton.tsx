export function TableSkeleton({ columns, rows = 3 }: { columns: number; rows?: number }) {
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
