// prefers-reduced-motion, read live (the player may change it while the page is open): the case
// reel, the jackpot's spinner and the wheel go straight to their result when it is set.
const query = typeof window !== "undefined" && typeof window.matchMedia === "function" ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;

export function prefersReducedMotion(): boolean {
  return query?.matches ?? false;
}
