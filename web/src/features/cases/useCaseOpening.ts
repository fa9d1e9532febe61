// Opening one case: POST /api/cases/open decides the item BEFORE the reel moves; the reel is then
// built around the server's winItem and spun. Phases: idle → opening (waiting for the server) →
// spinning → landed (win notice, inventory + balance reloaded, own live drop released).
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { casesCalls, type CaseWithItemsJson } from "../../../../shared/api/cases";
import type { OpenAnswer } from "../../../../shared/api/cases";
import { CASES } from "../../../../shared/constants";
import { notify } from "../../lib/uiStore";
import { api, failureKey } from "../../lib/api";
import { queryKeys } from "../../lib/queryKeys";
import type { CurrentUser } from "../../lib/session/useCurrentUser";
import { playSound } from "../../lib/sound";
import { casesKeys } from "./queries";
import { buildReel, landingJitter, REEL_START_INDEX, weightedIndex, type ReelCard } from "./reelLayout";
import { useCasesStore } from "./store";

export type OpeningPhase = "idle" | "opening" | "spinning" | "landed";

export interface ReelState {
  cards: ReelCard[];
  /** 0 = the idle reel (no animation); each open adds one */
  spinId: number;
  /** the card under the marker at rest */
  landIndex: number;
  /** where inside that card the marker rests (landingJitter) */
  jitter: number;
  /** where inside the REEL_START_INDEX card a spin starts (the previous rest position) */
  startJitter: number;
}

export interface CaseWin {
  spinId: number;
  item: OpenAnswer["winItem"];
  /** the drop is worth more than the case cost: only then the notice congratulates and the win sound plays */
  gain: boolean;
}

function idleReel(kase: CaseWithItemsJson | undefined): ReelState | null {
  if (!kase || kase.items.length === 0) return null;
  const shown =
    kase.items[
      weightedIndex(
        kase.items.map((i) => i.weight),
        Math.random(),
      )
    ]!;
  return {
    cards: buildReel(kase.items, shown, Math.random, { winIndex: REEL_START_INDEX }),
    spinId: 0,
    landIndex: REEL_START_INDEX,
    jitter: 0,
    startJitter: 0,
  };
}

export function useCaseOpening(kase: CaseWithItemsJson | undefined, userId: number | null) {
  const qc = useQueryClient();
  const [phase, setPhase] = useState<OpeningPhase>("idle");
  const [spun, setSpun] = useState<ReelState | null>(null);
  const [win, setWin] = useState<CaseWin | null>(null);
  const caseId = kase?.id;
  // one idle reel per case (a refetch of the same case keeps it)
  const itemCount = kase?.items.length ?? 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the case's id and item count, not the object a refetch replaces
  const idle = useMemo(() => idleReel(kase), [caseId, itemCount]);
  const reel = spun ?? idle;
  const phaseRef = useRef(phase);
  phaseRef.current = phase;
  const winRef = useRef(win);
  winRef.current = win;

  const reloadAfterOpen = useCallback(() => {
    void qc.invalidateQueries({ queryKey: queryKeys.inventory });
    void qc.invalidateQueries({ queryKey: queryKeys.user });
    void qc.invalidateQueries({ queryKey: casesKeys.seeds });
  }, [qc]);

  const open = useCallback(async () => {
    if (!kase || userId === null || !reel) return;
    if (phaseRef.current === "opening" || phaseRef.current === "spinning") return;
    const previous = reel;
    setPhase("opening");
    phaseRef.current = "opening";
    useCasesStore.getState().hold(userId);
    try {
      const answer = await api(casesCalls.open, { id: kase.id, request_id: crypto.randomUUID() });
      // the price is paid now; the won item is revealed when the reel lands
      qc.setQueryData<CurrentUser | null>(queryKeys.user, (u) => u && { ...u, balance: answer.balance });
      const lead = previous.cards[previous.landIndex] ?? null;
      const cards = buildReel(kase.items, answer.winItem, Math.random, { lead });
      setSpun({ cards, spinId: previous.spinId + 1, landIndex: CASES.reel.winIndex, jitter: landingJitter(Math.random), startJitter: previous.jitter });
      setWin({ spinId: previous.spinId + 1, item: answer.winItem, gain: answer.winItem.price > kase.price });
      useCasesStore.getState().addRoll({ caseId: kase.id, roll: answer.roll, itemName: answer.winItem.market_hash_name });
      setPhase("spinning");
      phaseRef.current = "spinning";
    } catch (err) {
      useCasesStore.getState().release();
      setPhase(previous.spinId > 0 ? "landed" : "idle");
      phaseRef.current = previous.spinId > 0 ? "landed" : "idle";
      const key = failureKey(err, "cases_error.open");
      if (key) notify({ type: "error", message: key });
      // a refused open changed nothing, but the balance shown may be stale
      void qc.invalidateQueries({ queryKey: queryKeys.user });
    }
  }, [kase, userId, reel, qc]);

  const landed = useCallback(() => {
    if (phaseRef.current !== "spinning") return;
    setPhase("landed");
    phaseRef.current = "landed";
    if (winRef.current?.gain) playSound("win");
    useCasesStore.getState().release();
    reloadAfterOpen();
  }, [reloadAfterOpen]);

  // Leaving mid-spin: the item is already won; show the drop and reload what changed.
  useEffect(
    () => () => {
      if (phaseRef.current === "spinning" || phaseRef.current === "opening") {
        useCasesStore.getState().release();
        reloadAfterOpen();
      }
    },
    [reloadAfterOpen],
  );

  return { phase, reel, win: phase === "landed" ? win : null, open, landed };
}
