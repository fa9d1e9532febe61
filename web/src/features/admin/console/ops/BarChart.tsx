// A small bar chart in plain SVG (no chart library): one bar per value, scaled to the largest
// magnitude; negative values hang below the zero line. Each bar carries its label and value as a
// tooltip (<title>), and the figure as a whole a text summary for screen readers.
import { useId } from "react";

export interface Bar {
  label: string;
  value: number;
}

const WIDTH = 240;
const HEIGHT = 80;
const GAP = 1;

export function BarChart({ bars, summary, format }: { bars: readonly Bar[]; summary: string; format: (value: number) => string }) {
  const titleId = useId();
  const max = Math.max(0, ...bars.map((b) => b.value));
  const min = Math.min(0, ...bars.map((b) => b.value));
  const span = max - min || 1;
  const zero = (max / span) * HEIGHT;
  const width = WIDTH / Math.max(1, bars.length);
  return (
    <svg className="ops-chart" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" role="img" aria-labelledby={titleId}>
      <title id={titleId}>{summary}</title>
      <line x1={0} x2={WIDTH} y1={zero} y2={zero} className="ops-chart-zero" />
      {bars.map((b, i) => {
        const h = (Math.abs(b.value) / span) * HEIGHT;
        return (
          <rect
            key={b.label}
            x={i * width + GAP / 2}
            width={Math.max(0.5, width - GAP)}
            y={b.value >= 0 ? zero - h : zero}
            height={Math.max(b.value === 0 ? 0 : 0.5, h)}
            className={b.value < 0 ? "ops-chart-bar ops-chart-bar--negative" : "ops-chart-bar"}
          >
            <title>{`${b.label}: ${format(b.value)}`}</title>
          </rect>
        );
      })}
    </svg>
  );
}
