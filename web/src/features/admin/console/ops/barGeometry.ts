// The bars of BarChart.tsx (pure, unit-tested): one slot per value across `width`, heights scaled to
// the span between the largest value and the smallest (0 included), positive bars standing on the
// zero line and negative ones hanging from it.
export interface BarRect {
  x: number;
  y: number;
  width: number;
  height: number;
  negative: boolean;
}

export function barRects(values: readonly number[], width: number, height: number, gap = 1): { zero: number; rects: BarRect[] } {
  const max = Math.max(0, ...values);
  const min = Math.min(0, ...values);
  const span = max - min || 1;
  const zero = (max / span) * height;
  const slot = width / Math.max(1, values.length);
  const rects = values.map((v, i) => {
    // a value too small to see still shows a sliver
    const h = v === 0 ? 0 : Math.max(0.5, (Math.abs(v) / span) * height);
    return { x: i * slot + gap / 2, y: v >= 0 ? zero - h : zero, width: Math.max(0.5, slot - gap), height: h, negative: v < 0 };
  });
  return { zero, rects };
}
