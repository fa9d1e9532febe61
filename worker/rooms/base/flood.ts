// Flood protection for one socket: a fixed window counting incoming frames (pure).

export interface FloodLimits {
  maxFrames: number;
  windowMs: number;
}

export interface FloodState {
  windowStart: number;
  frames: number;
}

/** Counts one frame at `now`; `flooded` once the window holds more than `maxFrames`. */
export function countFrame(state: FloodState | undefined, now: number, limits: FloodLimits): { state: FloodState; flooded: boolean } {
  const fresh = !state || now - state.windowStart >= limits.windowMs;
  const next = fresh ? { windowStart: now, frames: 1 } : { windowStart: state.windowStart, frames: state.frames + 1 };
  return { state: next, flooded: next.frames > limits.maxFrames };
}
