// The wheel's HTTP reads and the bet: POST /api/wheel/get (layout, settings; the live parts come
// over the socket), /api/wheel/round {id} (one round to verify) and /api/wheel/setBet.
import { useQuery } from "@tanstack/react-query";
import { wheelCalls } from "../../../../shared/api/wheel";
import type { WheelColour } from "../../../../shared/wheel-layout";
import { api } from "../../lib/api";
import { useRoundQuery } from "../../lib/roundQuery";

export function useWheelState() {
  return useQuery({
    queryKey: ["wheel", "state"],
    queryFn: () => api(wheelCalls.get),
    // layout and settings change only with a deploy; the live parts come over the socket
    staleTime: 5 * 60_000,
  });
}

const fetchRound = (id: number) => api(wheelCalls.round, { id }).then((a) => a.game);

export function useWheelRound(id: number | null, enabled = true) {
  return useRoundQuery(["wheel", "round"], id, fetchRound, enabled);
}

/** value: dollars from the balance (0: items only) */
export function placeBet(colour: WheelColour, items: number[], value: number) {
  return api(wheelCalls.setBet, value > 0 ? { colour, items, value } : { colour, items });
}
