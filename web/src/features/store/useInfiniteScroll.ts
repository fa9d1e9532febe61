// "Load more on scroll": an IntersectionObserver on a sentinel at the end of the list, inside the
// list's own scroll box. Calls onReach while the sentinel is (nearly) visible and `enabled`.
import { useCallback, useEffect, useRef, useState } from "react";

const AHEAD_PX = 240;

export function useInfiniteScroll({ enabled, onReach }: { enabled: boolean; onReach(): void }) {
  const rootRef = useRef<HTMLDivElement>(null);
  const [sentinel, setSentinel] = useState<HTMLElement | null>(null);
  const reach = useRef(onReach);
  useEffect(() => {
    reach.current = onReach;
  });
  const sentinelRef = useCallback((el: HTMLElement | null) => setSentinel(el), []);

  useEffect(() => {
    if (!enabled || !sentinel || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) reach.current();
      },
      { root: rootRef.current, rootMargin: `0px 0px ${AHEAD_PX}px 0px` },
    );
    observer.observe(sentinel);
    // A fresh observer reports the current state at once, so a short page keeps filling.
    return () => observer.disconnect();
  }, [enabled, sentinel]);

  return { rootRef, sentinelRef };
}
