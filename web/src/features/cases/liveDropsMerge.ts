// The live drops strip (§9: the first CASES.liveDropsKept kept, newest first).
import type { LiveDropJson } from "../../../../shared/api/cases";
import { CASES } from "../../../../shared/constants";

/** Newest first: by time, then by opening id (ids grow with time). */
function newestFirst(a: LiveDropJson, b: LiveDropJson): number {
  return b.time - a.time || b.id - a.id;
}

/** The union of both lists (one entry per opening id, the incoming one wins), newest first, capped. */
export function mergeDrops(current: readonly LiveDropJson[], incoming: readonly LiveDropJson[], keep: number = CASES.liveDropsKept): LiveDropJson[] {
  const byId = new Map<number, LiveDropJson>();
  for (const d of current) byId.set(d.id, d);
  for (const d of incoming) byId.set(d.id, d);
  return [...byId.values()].sort(newestFirst).slice(0, Math.max(0, keep));
}
