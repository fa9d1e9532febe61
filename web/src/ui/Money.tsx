// Dollar amounts as the spec shows them: "$1,234.50". Display only; money maths stays in cents.
const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function formatDollars(amount: number | null | undefined): string {
  return usd.format(Number.isFinite(amount) ? (amount as number) : 0);
}

export function Money({ amount, className }: { amount: number | null | undefined; className?: string }) {
  return <span className={`money${className ? ` ${className}` : ""}`}>{formatDollars(amount)}</span>;
}
