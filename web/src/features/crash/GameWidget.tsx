// The game widget (§2): stage visuals (CSS instead of videos, switching at ×1.5 and ×2.5), the
// canvas curve, the big multiplier, the countdown bar while waiting, the crashed state in red,
// and the chosen item (waiting) or the item the player would get now (running).
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { stageOf } from "../../../../shared/crash-curve";
import { CRASH } from "../../../../shared/constants";
import { ItemImage, type ItemImageSize } from "../../ui/ItemImage";
import { Money } from "../../ui/Money";
import { countdownAt, displayedMultiplier, elapsedAt } from "./clock";
import { drawCurve, STAGE_COLOURS } from "./curve";
import { useCrashStore } from "./store";

interface ShownItem {
  name: string;
  image: string;
  rarity_color: string;
  price: number;
}

function useItemSize(): ItemImageSize {
  const pick = (): ItemImageSize => {
    if (typeof window === "undefined") return 96;
    if (window.matchMedia("(max-width: 639px)").matches) return 64;
    return window.matchMedia("(min-width: 1280px)").matches ? 128 : 96;
  };
  const [size, setSize] = useState<ItemImageSize>(pick);
  // biome-ignore lint/correctness/useExhaustiveDependencies: pick reads only the window; one listener for the widget's life
  useEffect(() => {
    const onResize = () => setSize(pick());
    window.addEventListener("resize", onResize);
    return () => window.removeEventListener("resize", onResize);
  }, []);
  return size;
}

export function GameWidget({ chosen }: { chosen: ShownItem | null }) {
  const { t } = useTranslation("crash");
  const phase = useCrashStore((s) => s.phase);
  const loader = useCrashStore((s) => s.loaderItem);
  const lastWin = useCrashStore((s) => s.lastWin);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const valueRef = useRef<HTMLSpanElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const barRef = useRef<HTMLSpanElement>(null);
  const secondsRef = useRef<HTMLSpanElement>(null);
  const size = useItemSize();

  // One animation loop draws everything that moves, reading the store directly.
  useEffect(() => {
    let frame = 0;
    let lastText = "";
    let lastStage = "";
    const draw = () => {
      frame = requestAnimationFrame(draw);
      const s = useCrashStore.getState();
      const now = Date.now();
      const m = displayedMultiplier(s, now);
      const stage = s.phase === "crashed" ? "crashed" : s.phase === "running" ? String(stageOf(m)) : "waiting";
      if (stage !== lastStage && rootRef.current) {
        rootRef.current.dataset.stage = stage;
        lastStage = stage;
      }
      const text = s.phase === "waiting" || s.phase === "loading" ? "" : `${(m / 100).toFixed(2)}×`;
      if (text !== lastText && valueRef.current) {
        valueRef.current.textContent = text;
        lastText = text;
      }
      if (s.phase === "waiting") {
        const { leftMs, fill } = countdownAt(s, now, CRASH.countdownMs);
        if (barRef.current) barRef.current.style.transform = `scaleX(${fill})`;
        if (secondsRef.current) secondsRef.current.textContent = (leftMs / 1000).toFixed(1);
      }
      const canvas = canvasRef.current;
      const ctx = canvas?.getContext("2d");
      if (!canvas || !ctx) return;
      const dpr = window.devicePixelRatio || 1;
      const w = canvas.clientWidth;
      const h = canvas.clientHeight;
      if (canvas.width !== Math.round(w * dpr) || canvas.height !== Math.round(h * dpr)) {
        canvas.width = Math.round(w * dpr);
        canvas.height = Math.round(h * dpr);
      }
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      const colour = s.phase === "crashed" ? STAGE_COLOURS.crashed : STAGE_COLOURS[stageOf(m)];
      drawCurve(ctx, w, h, s.phase === "running" || s.phase === "crashed" ? elapsedAt(s, now) : 0, m, colour);
    };
    frame = requestAnimationFrame(draw);
    return () => cancelAnimationFrame(frame);
  }, []);

  const running = phase === "running";
  const asShown = (i: { market_hash_name: string; image: string; rarity_color: string; price: number }): ShownItem => ({
    name: i.market_hash_name,
    image: i.image,
    rarity_color: i.rarity_color,
    price: i.price,
  });
  // Running / crashed: the item already won, else the one the player would get now (§2);
  // waiting: the most expensive item picked on the board.
  const shown: ShownItem | null =
    running || phase === "crashed"
      ? lastWin?.winItem
        ? asShown(lastWin.winItem)
        : loader?.item
          ? asShown(loader.item)
          : null
      : phase === "waiting"
        ? chosen
        : null;

  return (
    <section className="crash-widget" ref={rootRef} data-stage="waiting" data-phase={phase} aria-label={t("widget.label")}>
      <div className="crash-stage" aria-hidden="true">
        <span className="crash-stage-layer crash-stage-stars" />
        <span className="crash-stage-layer crash-stage-glow" />
        <span className="crash-stage-layer crash-stage-streaks" />
      </div>
      {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: a canvas is not focusable; the multiplier is announced as text */}
      <canvas className="crash-canvas" ref={canvasRef} aria-hidden="true" />
      <div className="crash-center">
        {phase === "loading" && <span className="crash-caption">{t("widget.connecting")}</span>}
        {phase === "waiting" && (
          <div className="crash-countdown" role="timer">
            <span className="crash-caption">{t("widget.next_round")}</span>
            <span className="crash-countdown-seconds" ref={secondsRef} />
            <span className="crash-countdown-track">
              <span className="crash-countdown-bar" ref={barRef} />
            </span>
          </div>
        )}
        <span className="crash-multiplier" ref={valueRef} data-testid="crash-multiplier" aria-live="off" />
        {phase === "crashed" && <span className="crash-caption crash-crashed-caption">{t("widget.crashed")}</span>}
        {shown && (
          <div className="crash-item" data-testid="crash-widget-item">
            <ItemImage name={shown.name} image={shown.image} rarityColor={shown.rarity_color} size={size} />
            <Money amount={shown.price} className="crash-item-price" />
          </div>
        )}
      </div>
    </section>
  );
}
