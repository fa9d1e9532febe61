// The countdown to a tournament's end on the server's clock: the answer's server_time against the
// moment it arrived gives the client clock's offset, so a wrong device clock still ends on time.

export interface Remaining {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** How far the server's clock is ahead of this device's (ms; negative: behind). */
export function clockOffset(serverTime: number, receivedAt: number): number {
  return serverTime - receivedAt;
}

/** What is left until `endTime` (server ms) at device time `now`; null once it passed. */
export function remainingUntil(endTime: number, now: number, offset: number): Remaining | null {
  const ms = endTime - (now + offset);
  if (ms <= 0) return null;
  const total = Math.ceil(ms / 1000);
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}
