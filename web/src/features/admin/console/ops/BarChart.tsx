// A small bar chart in plain SVG (no chart library): one bar per value, scaled to the largest
// magnitude; negative values hang below the zero line (barGeometry.ts). Each bar carries its label
// and value as a tooltip (<title>), and the figure as a whole a text summary for screen readers.
import { useId } from "react";
import { barRects } from "./barGeometry";

export interface Bar {
  label: string;
  value: number;
}

const WIDTH = 240;
const HEIGHT = 80;

export function BarChart({ bars, summary, format }: { bars: readonly Bar[]; summary: string; format: (value: number) => string }) {
  const titleId = useId();
  const { zero, rects } = barRects(
    bars.map((b) => b.value),
    WIDTH,
    HEIGHT,
  );
  return (
    <svg className="ops-chart" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" role="img" aria-labelledby={titleId}>
      <title id={titleId}>{summary}</title>
      <line x1={0} x2={WIDTH} y1={zero} y2={zero} className="ops-chart-zero" />
      {rects.map((r, i) => {
        const b = bars[i] as Bar;
        return (
          <rect
            key={b.label}
            x={r.x}
            y={r.y}
            width={r.width}
            height={r.height}
            className={r.negative ? "ops-chart-bar ops-chart-bar--negative" : "ops-chart-bar"}
          >
            <title>{`${b.label}: ${format(b.value)}`}</title>
          </rect>
        );
      })}
    </svg>
  );
}
