// The dashboard's SVG bars (web/src/features/admin/console/ops/barGeometry.ts): scaled to the span,
// positive bars on the zero line, negative ones below it, all zeros flat.
import { describe, expect, it } from "vitest";
import { barRects } from "../../web/src/features/admin/console/ops/barGeometry";

describe("barRects", () => {
  it("stands positive bars on the bottom when nothing is negative, the largest full height", () => {
    const { zero, rects } = barRects([0, 5, 10], 300, 100, 0);
    expect(zero).toBe(100);
    expect(rects.map((r) => [r.x, r.width, r.y, r.height])).toEqual([
      [0, 100, 100, 0],
      [100, 100, 50, 50],
      [200, 100, 0, 100],
    ]);
  });

  it("puts the zero line between the largest and the smallest and hangs negative bars from it", () => {
    const { zero, rects } = barRects([30, -10], 200, 80, 0);
    expect(zero).toBe(60);
    expect(rects[0]).toMatchObject({ y: 0, height: 60, negative: false });
    expect(rects[1]).toMatchObject({ y: 60, height: 20, negative: true });
  });

  it("draws nothing tall for an all-zero series and survives an empty one", () => {
    expect(barRects([0, 0], 100, 50).rects.every((r) => r.height === 0)).toBe(true);
    expect(barRects([], 100, 50).rects).toEqual([]);
  });
});
