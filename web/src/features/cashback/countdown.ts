// The wait until the next cashback take, split for the countdown ("5 h 03 min", "42 s").

export interface Wait {
  hours: number;
  minutes: number;
  seconds: number;
}

/** What is left from `now` until `at` (null once it passed). */
export function waitUntil(at: number, now: number): Wait | null {
  const ms = at - now;
  if (ms <= 0) return null;
  const total = Math.ceil(ms / 1000);
  return { hours: Math.floor(total / 3600), minutes: Math.floor((total % 3600) / 60), seconds: total % 60 };
}
