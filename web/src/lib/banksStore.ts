// The totals the mode bar shows (§2): each game's bank and the bonus pool. The game rooms and
// the hub fill it as they arrive; until then everything reads $0.00.
import { create } from "zustand";
import type { JackpotLevel } from "../../../shared/constants";

interface BonusBank {
  /** The bonus pool in dollars. */
  bank: number;
  /** When the draw happens (epoch ms), once the bank reached 1; null while filling. */
  endTime: number | null;
  /** server_time − Date.now() at the last update, to count down on the server's clock. */
  clockOffsetMs: number;
  /** The bank that starts the timer (dollars; the room's min_bank, 1 until it told). */
  minBank: number;
}

export interface BanksState {
  crash: number;
  jackpot: number;
  wheel: number;
  /** each jackpot room's bank (the jackpot tabs); `jackpot` is their sum */
  jackpotLevels: Record<JackpotLevel, number>;
  bonus: BonusBank;
  setBank(game: "crash" | "jackpot" | "wheel", dollars: number): void;
  setJackpotLevels(banks: Partial<Record<JackpotLevel, number>>): void;
  setBonus(bonus: Partial<BonusBank>): void;
}

export const useBanksStore = create<BanksState>()((set, get) => ({
  crash: 0,
  jackpot: 0,
  wheel: 0,
  jackpotLevels: { low: 0, medium: 0, high: 0 },
  bonus: { bank: 0, endTime: null, clockOffsetMs: 0, minBank: 1 },
  setBank: (game, dollars) => set({ [game]: dollars } as Pick<BanksState, typeof game>),
  setJackpotLevels: (banks) => set({ jackpotLevels: { ...get().jackpotLevels, ...banks } }),
  setBonus: (bonus) => set({ bonus: { ...get().bonus, ...bonus } }),
}));

export type BonusMeter = { kind: "scale"; fill: number } | { kind: "timer"; days: number; hours: number; minutes: number; seconds: number; ended: boolean };

/**
 * §2: a bonus bank below the minimum (1 $ by default) shows a partially filled scale (bank /
 * minimum); at the minimum or more it shows the countdown to the draw (days/hours/minutes/seconds,
 * zero when past or unknown).
 */
export function bonusMeter(bank: number, endTime: number | null, now: number, minBank = 1): BonusMeter {
  if (!(bank >= minBank)) {
    const fill = Number.isFinite(bank) && minBank > 0 ? bank / minBank : 0;
    return { kind: "scale", fill: Math.min(1, Math.max(0, fill)) };
  }
  const left = endTime === null ? 0 : Math.max(0, Math.floor((endTime - now) / 1000));
  return {
    kind: "timer",
    days: Math.floor(left / 86_400),
    hours: Math.floor((left % 86_400) / 3_600),
    minutes: Math.floor((left % 3_600) / 60),
    seconds: left % 60,
    ended: left === 0,
  };
}
