// prefers-reduced-motion, read live (the player may change it while the page is open).
const query = typeof window !== "undefined" && window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;

export function prefersReducedMotion(): boolean {
  return query?.matches ?? false;
}
