// The disc's drawing from a layout (pure): one SVG wedge per segment, clockwise from 12 o'clock
// where the pointer stands, so segment i spans [i·360/n, (i+1)·360/n) when the disc is at angle
// 0 (shared/wheel-layout.ts: segmentAt tells which one the pointer shows at a given angle).

export interface Wedge {
  index: number;
  colour: string;
  path: string;
}

/** A point of the circle of radius r around (c, c) at `deg` clockwise from 12 o'clock. */
function polar(c: number, r: number, deg: number): [number, number] {
  const rad = (deg * Math.PI) / 180;
  return [c + r * Math.sin(rad), c - r * Math.cos(rad)];
}

const fixed = (n: number) => Number(n.toFixed(3));

/** The ring wedges of `colours` (one per segment) for a disc of `size` (viewBox units). */
export function wedges(colours: readonly string[], size: number, inner: number): Wedge[] {
  const n = colours.length;
  const c = size / 2;
  const outer = c;
  const step = 360 / n;
  return colours.map((colour, index) => {
    const a0 = index * step;
    const a1 = a0 + step;
    const [x0, y0] = polar(c, outer, a0);
    const [x1, y1] = polar(c, outer, a1);
    const [x2, y2] = polar(c, inner, a1);
    const [x3, y3] = polar(c, inner, a0);
    const large = step > 180 ? 1 : 0;
    const path = `M${fixed(x0)} ${fixed(y0)}A${outer} ${outer} 0 ${large} 1 ${fixed(x1)} ${fixed(y1)}L${fixed(x2)} ${fixed(y2)}A${inner} ${inner} 0 ${large} 0 ${fixed(x3)} ${fixed(y3)}Z`;
    return { index, colour, path };
  });
}
