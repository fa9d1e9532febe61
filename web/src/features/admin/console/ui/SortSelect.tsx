// The sort of a console list shown as cards (no column headers to press): a labelled select of the
// list's server sorts (shared/api/keyset.ts); the page keeps the choice in the URL.
import { useId } from "react";

export function SortSelect<S extends string>({
  label,
  value,
  options,
  onChange,
  testId,
  className = "console-field",
}: {
  label: string;
  value: S;
  options: readonly { value: S; label: string }[];
  onChange: (sort: S) => void;
  testId?: string;
  /** the wrapper's class: a console field (label above) unless the page lays its filters out itself */
  className?: string;
}) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="input"
        value={value}
        onChange={(e) => onChange(options.find((o) => o.value === e.target.value)?.value ?? value)}
        data-testid={testId}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
