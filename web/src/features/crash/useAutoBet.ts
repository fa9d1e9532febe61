// Drives an auto-bet run (autoBet.ts) from the crash room's live state: each time the room store
// changes it notices the run's bet being acknowledged, refused or settled, and places the next
// round's bet through the ordinary connection. The run lives in this tab only (a reload ends it).
import { useEffect, useRef } from "react";
import { create } from "zustand";
import { toCents, toDollars } from "../../../../shared/money";
import { acknowledged, type AutoBetRun, nextAction, refused, sent, settled, stop } from "./autoBet";
import type { CrashConnection } from "./connection";
import { useCrashStore } from "./store";

interface AutoBetStore {
  run: AutoBetRun | null;
  setRun(run: AutoBetRun | null): void;
}

export const useAutoBetStore = create<AutoBetStore>()((set) => ({
  run: null,
  setRun: (run) => set({ run }),
}));

/** Mount once per crash screen; leaving the screen ends the run. */
export function useAutoBetDriver(connection: CrashConnection | null, balanceCents: number) {
  const balance = useRef(balanceCents);
  balance.current = balanceCents;
  useEffect(() => {
    if (!connection) return;
    // the own bets that existed when the run's bet was sent: the first new one is its answer
    let before = new Set<string>();
    const step = () => {
      const { run, setRun } = useAutoBetStore.getState();
      if (!run) return;
      const room = useCrashStore.getState();
      let r = run;
      if (r.awaiting) {
        const fresh = room.selfBets.find((b) => !before.has(b.id));
        if (fresh) r = acknowledged(r, fresh.id);
        else if ((!room.sending && room.betStatus === "error") || room.roundId !== r.roundId) r = refused(r);
      }
      if (r.betId !== null) {
        const bet = room.selfBets.find((b) => b.id === r.betId);
        if (bet?.is_win === 1) r = settled(r, toCents(bet.win));
        // crashed with the bet still in it; or the round moved on without us seeing it settle
        // (a reconnect): counted as lost, so a loss limit errs on the safe side
        else if ((room.phase === "crashed" && room.roundId === r.roundId) || room.roundId !== r.roundId) r = settled(r, 0);
      }
      const action = nextAction(r, {
        phase: room.phase,
        roundId: room.roundId,
        connected: room.connected,
        sending: room.sending,
        ownBets: room.selfBets.length,
        balanceCents: balance.current,
      });
      if (action?.kind === "stop") r = stop(r, action.reason);
      else if (action?.kind === "bet" && room.roundId !== null) {
        before = new Set(room.selfBets.map((b) => b.id));
        if (connection.bet([], r.config.target, toDollars(r.config.stakeCents))) r = sent(r, room.roundId);
      }
      if (r !== run) setRun(r);
    };
    const offRoom = useCrashStore.subscribe(step);
    const offRun = useAutoBetStore.subscribe((s, prev) => {
      if (s.run !== prev.run) step();
    });
    step();
    return () => {
      offRoom();
      offRun();
      useAutoBetStore.getState().setRun(null);
    };
  }, [connection]);
}
