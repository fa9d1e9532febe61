// The jackpot banks for the mode bar (spec §2): a level pushes its bank with the sum of the three
// (it asks its siblings for theirs by RPC) to the hub's `banks` frame, at most once per
// JACKPOT.bankPushMs (worker/lib/bank-push.ts), the last change of a burst from the room's "bank"
// alarm (`owe`).
import { JACKPOT, JACKPOT_LEVELS, type JackpotLevel } from "../../../shared/constants";
import { toDollars } from "../../../shared/money";
import { BankPush } from "../../lib/bank-push";
import { hub } from "../hub";
import { jackpotRoom } from "./stub";

/** `level()`: the level of the pushing room (known once it has a round, before its first push). */
export function jackpotBankPush(env: Pick<Env, "HUB_ROOM" | "JACKPOT_ROOM">, level: () => JackpotLevel | undefined, owe: (at: number) => void): BankPush {
  return new BankPush(
    async (bank) => {
      const own = level();
      if (own === undefined) return;
      const banks: Partial<Record<JackpotLevel, number>> = { [own]: bank };
      for (const other of JACKPOT_LEVELS) if (other !== own) banks[other] = await jackpotRoom(env, other).bank();
      const sum = Object.values(banks).reduce((a, b) => a + (b ?? 0), 0);
      const jackpotLevels = Object.fromEntries(Object.entries(banks).map(([l, v]) => [l, toDollars(v ?? 0)]));
      await hub(env).broadcast({ event: "banks", data: { jackpot: toDollars(sum), jackpotLevels } });
    },
    JACKPOT.bankPushMs,
    owe,
  );
}
