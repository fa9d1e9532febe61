// Drawing the crash curve on a canvas: the shared m(t) from 0 to the current elapsed time,
// scaled so the curve always fits (at least 10 s wide and up to ×2 tall), coloured by stage.
import { multiplierAt } from "../../../../shared/crash-curve";

interface CurveView {
  /** ms on the x axis */
  maxMs: number;
  /** hundredths on the y axis (the bottom is 100) */
  maxM: number;
}

/** The axes for a curve that has run `elapsedMs` and reached `m` hundredths. */
function curveView(elapsedMs: number, m: number): CurveView {
  return { maxMs: Math.max(10_000, elapsedMs * 1.15), maxM: Math.max(200, Math.ceil(m * 1.2)) };
}

/** Points (canvas pixels) of the curve up to `elapsedMs`, `steps` segments. */
function curvePoints(elapsedMs: number, view: CurveView, width: number, height: number, steps = 64): Array<[number, number]> {
  const points: Array<[number, number]> = [];
  for (let i = 0; i <= steps; i++) {
    const t = (elapsedMs * i) / steps;
    const m = multiplierAt(t);
    points.push([(t / view.maxMs) * width, height - ((m - 100) / (view.maxM - 100)) * height]);
  }
  return points;
}

export const STAGE_COLOURS = { 1: "#4d8dff", 2: "#ff9f1a", 3: "#22c55e", crashed: "#ef4444" } as const;

export function drawCurve(ctx: CanvasRenderingContext2D, width: number, height: number, elapsedMs: number, m: number, colour: string): void {
  ctx.clearRect(0, 0, width, height);
  if (elapsedMs <= 0) return;
  const pad = 12;
  const w = width - pad * 2;
  const h = height - pad * 2;
  const view = curveView(elapsedMs, m);
  const pts = curvePoints(elapsedMs, view, w, h).map(([x, y]) => [x + pad, y + pad] as const);
  const last = pts[pts.length - 1]!;

  // the area under the curve
  const fill = ctx.createLinearGradient(0, pad, 0, height);
  fill.addColorStop(0, `${colour}55`);
  fill.addColorStop(1, `${colour}00`);
  ctx.beginPath();
  ctx.moveTo(pad, height - pad);
  for (const [x, y] of pts) ctx.lineTo(x, y);
  ctx.lineTo(last[0], height - pad);
  ctx.closePath();
  ctx.fillStyle = fill;
  ctx.fill();

  // the line and its head
  ctx.beginPath();
  for (const [i, [x, y]] of pts.entries()) {
    if (i === 0) ctx.moveTo(x, y);
    else ctx.lineTo(x, y);
  }
  ctx.strokeStyle = colour;
  ctx.lineWidth = 4;
  ctx.lineJoin = "round";
  ctx.lineCap = "round";
  ctx.stroke();
  ctx.beginPath();
  ctx.arc(last[0], last[1], 6, 0, Math.PI * 2);
  ctx.fillStyle = colour;
  ctx.fill();
}
