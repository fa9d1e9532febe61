// The wheel's HTTP reads and the bet: POST /api/wheel/get (layout, settings; the live parts come
// over the socket), /api/wheel/round {id} (one round to verify) and /api/wheel/setBet.
import { useQuery } from "@tanstack/react-query";
import { setBetAnswer, wheelGetAnswer, wheelRoundAnswer } from "../../../../shared/api/wheel";
import type { WheelColour } from "../../../../shared/wheel-layout";
import { api, ApiError } from "../../lib/api";

export function useWheelState() {
  return useQuery({
    queryKey: ["wheel", "state"],
    queryFn: () => api("/api/wheel/get", wheelGetAnswer),
    // layout and settings change only with a deploy; the live parts come over the socket
    staleTime: 5 * 60_000,
  });
}

const noRetryOn4xx = (count: number, err: unknown) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2;

export function useWheelRound(id: number | null, enabled = true) {
  return useQuery({
    queryKey: ["wheel", "round", id],
    queryFn: () => api("/api/wheel/round", wheelRoundAnswer, { id }).then((a) => a.game),
    enabled: id !== null && id > 0 && enabled,
    retry: noRetryOn4xx,
    staleTime: 10_000,
  });
}

export function placeBet(colour: WheelColour, items: number[]) {
  return api("/api/wheel/setBet", setBetAnswer, { colour, items });
}
