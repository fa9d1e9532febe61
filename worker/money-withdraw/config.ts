// Which withdrawal systems can be paid out now (docs/payments.md "Money withdrawals" config): FreeKassa's
// API key and shop id set, and a payout method code for the system in FREEKASSA_PAYOUT_METHODS.
import type { WithdrawSystemId, WithdrawSystemNumber } from "../../shared/api/money-withdraw";
import { MONEY_WITHDRAW } from "../../shared/constants";

/** The payout settings (the API key is a secret: worker/env-secrets.d.ts). */
export interface PayoutEnv {
  FREEKASSA_API_KEY?: string;
  FREEKASSA_MERCHANT_ID?: string;
  FREEKASSA_PAYOUT_METHODS?: string;
  FREEKASSA_API_URL?: string;
}

export const SYSTEM_NUMBERS = [1, 2, 3, 4] as const satisfies readonly WithdrawSystemNumber[];

/** FreeKassa's method code (`i`) for `system`, or null when the system cannot be paid out. */
export function payoutMethod(env: PayoutEnv, system: WithdrawSystemNumber): number | null {
  if (!(env.FREEKASSA_API_KEY ?? "").trim() || !(env.FREEKASSA_MERCHANT_ID ?? "").trim()) return null;
  for (const pair of (env.FREEKASSA_PAYOUT_METHODS ?? "").split(",")) {
    const [s, code] = pair.split(":").map((x) => x.trim());
    if (Number(s) === system && /^\d+$/.test(code ?? "")) return Number(code);
  }
  return null;
}

export function payoutSystems(env: PayoutEnv): { id: WithdrawSystemNumber; name: WithdrawSystemId; available: boolean }[] {
  return SYSTEM_NUMBERS.map((id) => ({ id, name: MONEY_WITHDRAW.systems[id], available: payoutMethod(env, id) !== null }));
}
