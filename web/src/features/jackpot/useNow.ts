// The local time, re-rendered every `everyMs` while `active` (countdowns, the phase that follows
// the clock). Screens add the store's clock offset to get the server's time.
import { useEffect, useState } from "react";

export function useNow(everyMs: number, active = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const id = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(id);
  }, [everyMs, active]);
  return now;
}
