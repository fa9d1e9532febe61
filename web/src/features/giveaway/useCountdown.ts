// Ticks every second until the draw; at zero it stops and the inventory reloads (§4: the winner's
// item arrives, the others' stays as it was) and the running giveaway is asked again.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { queryKeys } from "../../lib/queryKeys";
import { remainingMs } from "./countdown";
import { giveawayKeys } from "./queries";
import { useGiveawayStore } from "./store";

export function useCountdown(endTime: number | null): number | null {
  const offset = useGiveawayStore((s) => s.serverOffset);
  const qc = useQueryClient();
  const [now, setNow] = useState(() => Date.now());
  const left = endTime === null ? null : remainingMs(endTime, now, offset);
  const running = left !== null && left > 0;

  useEffect(() => {
    if (!running) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [running]);

  // the clock reached zero while this screen was open
  const [seenRunning, setSeenRunning] = useState(false);
  useEffect(() => {
    if (running) setSeenRunning(true);
    else if (seenRunning && left === 0) {
      setSeenRunning(false);
      void qc.invalidateQueries({ queryKey: queryKeys.inventory });
      void qc.invalidateQueries({ queryKey: giveawayKeys.active });
    }
  }, [running, seenRunning, left, qc]);

  return left;
}
