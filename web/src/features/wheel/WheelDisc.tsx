// The wheel: an SVG disc drawn once from the layout, turned by a CSS transform on its own
// composited layer from one requestAnimationFrame loop (no React render per frame), the pointer
// at 12 o'clock, and whatever the screen puts in the middle (countdown, result).
import { memo, useEffect, useRef, type ReactNode } from "react";
import { wedges } from "./discGeometry";

const SIZE = 400;
const INNER = 128;

/** What the loop asks each frame: the disc's angle now, and whether a tick sounds. */
export type DiscMotion = (localNow: number) => { angle: number; tick: boolean };

const Disc = memo(function Disc({ colours }: { colours: readonly string[] }) {
  const list = wedges(colours, SIZE, INNER);
  return (
    <svg className="wheel-svg" viewBox={`0 0 ${SIZE} ${SIZE}`} aria-hidden="true" focusable="false">
      {list.map((w) => (
        <path key={w.index} d={w.path} className={`wheel-wedge wheel-wedge--${w.colour}`} data-index={w.index} />
      ))}
      <circle cx={SIZE / 2} cy={SIZE / 2} r={INNER - 2} className="wheel-hub" />
    </svg>
  );
});

export function WheelDisc({
  colours,
  motion,
  onTick,
  label,
  children,
}: {
  colours: readonly string[];
  motion: DiscMotion;
  onTick(): void;
  label: string;
  children?: ReactNode;
}) {
  const rotorRef = useRef<HTMLDivElement>(null);
  // the latest callbacks without restarting the loop
  const motionRef = useRef(motion);
  motionRef.current = motion;
  const tickRef = useRef(onTick);
  tickRef.current = onTick;

  useEffect(() => {
    let frame = 0;
    let last = Number.NaN;
    const draw = () => {
      frame = requestAnimationFrame(draw);
      const { angle, tick } = motionRef.current(Date.now());
      if (tick) tickRef.current();
      if (angle === last || !rotorRef.current) return;
      last = angle;
      rotorRef.current.style.transform = `rotate(${angle.toFixed(3)}deg)`;
      rotorRef.current.dataset.angle = angle.toFixed(3);
    };
    frame = requestAnimationFrame(draw);
    return () => cancelAnimationFrame(frame);
  }, []);

  return (
    <figure className="wheel-disc" aria-label={label}>
      <div className="wheel-rotor" ref={rotorRef} data-testid="wheel-rotor" data-angle="0">
        <Disc colours={colours} />
      </div>
      <span className="wheel-pointer" aria-hidden="true" />
      <div className="wheel-center">{children}</div>
    </figure>
  );
}
