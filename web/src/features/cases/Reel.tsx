// The horizontal reel: a strip of cards behind a fixed centre marker. The strip's left edge starts
// at the marker (left: 50%), so translateX alone says which card is under it, whatever the width.
// A spin resets the strip to the start card, then one CSS transition (ease-out, CASES.reel.spinMs)
// carries it to the landing card; a tick plays for each card passing the marker. With
// prefers-reduced-motion the strip jumps straight to the result.
import { useLayoutEffect, useRef, type CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { CASES } from "../../../../shared/constants";
import { ItemImage } from "../../ui/ItemImage";
import { playSound } from "../../lib/sound";
import { indexUnderMarker, landingTranslate, REEL_START_INDEX } from "./reelLayout";
import type { ReelState } from "./useCaseOpening";
import { prefersReducedMotion } from "../../lib/motion";
import { useItemName } from "../../ui/itemWords";

/** Ease-out: fast start, long slow finish. */
const SPIN_EASING = "cubic-bezier(0.08, 0.6, 0.12, 1)";
/** At most one tick per this many ms (the first cards fly past faster than a tick lasts). */
const TICK_MIN_GAP_MS = 40;

interface ReelProps {
  reel: ReelState;
  spinning: boolean;
  onLanded(): void;
}

function translateFor(strip: HTMLElement, index: number, jitter: number): number {
  const card = strip.children[index] as HTMLElement | undefined;
  if (!card) return 0;
  return landingTranslate(card.offsetLeft, card.offsetWidth, jitter);
}

function currentTranslate(strip: HTMLElement): number {
  const t = getComputedStyle(strip).transform;
  if (!t || t === "none") return 0;
  return new DOMMatrixReadOnly(t).m41;
}

export function Reel({ reel, spinning, onLanded }: ReelProps) {
  const itemName = useItemName();
  const { t } = useTranslation("cases");
  const stripRef = useRef<HTMLUListElement>(null);
  const landedRef = useRef(onLanded);
  landedRef.current = onLanded;

  // At rest (idle, landed, or after a resize): the resting card under the marker, no animation.
  useLayoutEffect(() => {
    const strip = stripRef.current;
    if (!strip || spinning) return;
    const place = () => {
      strip.style.transition = "none";
      strip.style.transform = `translateX(${translateFor(strip, reel.landIndex, reel.jitter)}px)`;
    };
    place();
    window.addEventListener("resize", place);
    return () => window.removeEventListener("resize", place);
  }, [reel, spinning]);

  // One spin per spinId.
  useLayoutEffect(() => {
    const strip = stripRef.current;
    if (!strip || !spinning || reel.spinId === 0) return;
    const target = translateFor(strip, reel.landIndex, reel.jitter);
    strip.style.transition = "none";
    if (prefersReducedMotion()) {
      strip.style.transform = `translateX(${target}px)`;
      landedRef.current();
      return;
    }
    strip.style.transform = `translateX(${translateFor(strip, REEL_START_INDEX, reel.startJitter)}px)`;
    void strip.offsetWidth; // commit the start position before the transition begins

    const first = strip.children[0] as HTMLElement | undefined;
    const second = strip.children[1] as HTMLElement | undefined;
    const stride = first && second ? second.offsetLeft - first.offsetLeft : 0;
    let lastIndex = indexUnderMarker(currentTranslate(strip), stride);
    let lastTickAt = 0;
    let frame = 0;
    let done = false;
    const spinFrom = performance.now();
    const finish = () => {
      if (done) return;
      // the result is never revealed before the spin's time, whatever ended the transition early
      // (a loaded machine once landed a CI run's reel after 2 of its 6 s)
      const left = CASES.reel.spinMs - (performance.now() - spinFrom);
      if (left > 50) {
        clearTimeout(fallback);
        fallback = setTimeout(finish, left);
        return;
      }
      done = true;
      cancelAnimationFrame(frame);
      clearTimeout(fallback);
      strip.removeEventListener("transitionend", onEnd);
      landedRef.current();
    };
    const onEnd = (e: TransitionEvent) => {
      if (e.target === strip && e.propertyName === "transform") finish();
    };
    const tick = (now: number) => {
      const index = indexUnderMarker(currentTranslate(strip), stride);
      if (index !== lastIndex && now - lastTickAt >= TICK_MIN_GAP_MS) {
        lastIndex = index;
        lastTickAt = now;
        playSound("tick");
      }
      frame = requestAnimationFrame(tick);
    };
    strip.addEventListener("transitionend", onEnd);
    // transitionend does not fire in a hidden tab: land by the clock as well
    let fallback = setTimeout(finish, CASES.reel.spinMs + 400);
    frame = requestAnimationFrame(() => {
      strip.style.transition = `transform ${CASES.reel.spinMs}ms ${SPIN_EASING}`;
      strip.style.transform = `translateX(${target}px)`;
      frame = requestAnimationFrame(tick);
    });
    return () => {
      done = true;
      cancelAnimationFrame(frame);
      clearTimeout(fallback);
      strip.removeEventListener("transitionend", onEnd);
    };
  }, [reel, spinning]);

  return (
    <div className="case-reel" data-spinning={spinning || undefined}>
      <span className="case-reel__marker" aria-hidden="true" data-testid="case-reel-marker" />
      <ul className="case-reel__strip" ref={stripRef} aria-label={t("reel.label")} aria-busy={spinning}>
        {reel.cards.map((card, i) => (
          <li
            key={`${reel.spinId}:${card.key}`}
            className="case-reel__card"
            style={{ "--rarity": card.rarity_color } as CSSProperties}
            aria-label={itemName(card.market_hash_name)}
            aria-hidden={!spinning && i === reel.landIndex ? undefined : true}
            data-landed={!spinning && reel.spinId > 0 && i === reel.landIndex ? true : undefined}
          >
            <ItemImage name={card.market_hash_name} image={card.image} rarityColor={card.rarity_color} size={96} />
            <span className="case-reel__name">{card.name}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
