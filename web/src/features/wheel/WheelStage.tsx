// The wheel with what sits in its middle: the countdown while betting, "Spinning…" during the
// spin, the landed colour's multiplier once stopped (ms = 1). The result is announced politely
// to screen readers when the wheel stops, never before.
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { WheelColour } from "../../../../shared/wheel-layout";
import { playSound } from "../../lib/sound";
import { createDiscMotion } from "./discMotion";
import { prefersReducedMotion } from "../../lib/motion";
import { useWheelStore } from "./store";
import { WheelDisc } from "./WheelDisc";

function useSecondsLeft(endsAt: number | null, offset: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (endsAt === null) return;
    const id = setInterval(() => setNow(Date.now()), 200);
    return () => clearInterval(id);
  }, [endsAt]);
  if (endsAt === null) return null;
  return Math.max(0, Math.ceil((endsAt - (now + (offset ?? 0))) / 1000));
}

export function WheelStage({ segments }: { segments: readonly WheelColour[] }) {
  const { t } = useTranslation("wheel");
  const phase = useWheelStore((s) => s.phase);
  const spin = useWheelStore((s) => s.spin);
  const roundId = useWheelStore((s) => s.roundId);
  const endsAt = useWheelStore((s) => s.countdownEndsAt);
  const offset = useWheelStore((s) => s.clockOffsetMs);
  const seconds = useSecondsLeft(phase === "betting" ? endsAt : null, offset);
  const motion = useMemo(() => createDiscMotion(() => useWheelStore.getState(), prefersReducedMotion), []);
  const stopped = phase === "result" && spin !== null;

  return (
    <section className="wheel-stage" aria-label={t("stage.label")} data-phase={phase} data-round={roundId ?? ""} data-testid="wheel-stage">
      <WheelDisc colours={segments} motion={motion} onTick={() => playSound("tick")} label={t("stage.disc", { count: segments.length })}>
        {phase === "loading" && <span className="wheel-caption">{t("stage.connecting")}</span>}
        {phase === "betting" && (
          <div className="wheel-countdown" role="timer" aria-label={t("stage.countdown", { count: seconds ?? 0 })}>
            <span className="wheel-caption">{t("stage.next_spin")}</span>
            <span className="wheel-seconds" data-testid="wheel-seconds">
              {seconds ?? "…"}
            </span>
          </div>
        )}
        {phase === "spinning" && <span className="wheel-caption">{t("stage.spinning")}</span>}
        {stopped && (
          <div className={`wheel-result wheel-result--${spin.colour}`} data-testid="wheel-result" data-colour={spin.colour} data-segment={spin.segment}>
            <span className="wheel-result-multiplier">×{spin.multiplier}</span>
            <span className="wheel-caption">{t(`colours.${spin.colour}`)}</span>
          </div>
        )}
      </WheelDisc>
      <p className="sr-only" aria-live="polite" data-testid="wheel-announce">
        {stopped ? t("stage.landed", { colour: t(`colours.${spin.colour}`), multiplier: spin.multiplier }) : ""}
      </p>
    </section>
  );
}
