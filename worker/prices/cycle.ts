// One price refresh as the admin route and the cron run it: new catalogue prices (held items
// re-booked, prices/refresh.ts), then the re-pricing of cases the new prices pushed out of their
// RTP bounds (cases/reprice.ts). Those are separate batches, so cases pause in between: from just
// before the first price is written until the re-pricing is done, a case open answers
// cases_api.busy — a case is never sold at a price its items' new prices no longer fit (above
// 98 % RTP the house loses). The pause is a timestamped setting: a worker that died mid-way
// pauses cases for at most PRICES.casesPauseMaxMs. An open planned before the pause and paid
// after a price moved is refused by its own batch guard (api/cases/open.ts).
import { PRICES } from "../../shared/constants";
import { repriceDriftedCases, type Repriced } from "../cases/reprice";
import { deleteSetting, readSetting, writeSetting } from "../lib/settings";
import type { PriceFeed } from "./feed";
import { refreshPrices, type RefreshResult } from "./refresh";

export const CASES_PAUSED_KEY = "prices.cases_paused_at";

export async function refreshAndReprice(
  env: Pick<Env, "DB">,
  feed: PriceFeed,
  opts: { rtp: number; actorId?: number },
): Promise<{ result: RefreshResult; repriced: Repriced[] }> {
  let paused = false;
  try {
    const result = await refreshPrices(env, feed, {
      actorId: opts.actorId,
      beforeWrite: async () => {
        await writeSetting(env, CASES_PAUSED_KEY, String(Date.now()));
        paused = true;
      },
    });
    const repriced = await repriceDriftedCases(env, { rtp: opts.rtp, actorId: opts.actorId });
    return { result, repriced };
  } finally {
    if (paused) await deleteSetting(env, CASES_PAUSED_KEY);
  }
}

/** Whether case opens wait for a refresh in progress (a pause older than casesPauseMaxMs is over). */
export async function casesPaused(env: Pick<Env, "DB">, now: number): Promise<boolean> {
  const at = Number(await readSetting(env, CASES_PAUSED_KEY));
  return Number.isFinite(at) && at > 0 && now - at < PRICES.casesPauseMaxMs;
}
