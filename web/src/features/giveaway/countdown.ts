// The giveaway's countdown: what is left until the draw by the server's clock (the answer's
// server_time gives the offset, so a wrong device clock does not move the draw).

export interface Left {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** ms left until `endTime` at device time `now`, given serverOffset = server_time − device time. */
export function remainingMs(endTime: number, now: number, serverOffset: number): number {
  return Math.max(0, endTime - (now + serverOffset));
}

/** Splits ms into whole days/hours/minutes/seconds (rounded up, so 0.2 s left shows 1 s). */
export function splitLeft(ms: number): Left {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

const two = (n: number) => String(n).padStart(2, "0");

/** "1 d 02:03:04" style clock text without words: "02:03:04", or "03:04" under an hour. */
export function clockText(left: Left): string {
  const hms = left.hours > 0 || left.days > 0 ? `${two(left.hours)}:${two(left.minutes)}:${two(left.seconds)}` : `${two(left.minutes)}:${two(left.seconds)}`;
  return left.days > 0 ? `${left.days}:${hms}` : hms;
}
