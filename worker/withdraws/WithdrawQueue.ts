// The trade-bot queue's clock (skin withdrawals, skins deposits: skins-deposit/queue.ts, and the
// payouts of money withdrawals: money-withdraw/payout-pass.ts): one Durable Object (named "queue") that runs queue passes
// (queue.ts) on its alarm. It keeps NO state of its own — every withdrawal's state is in D1 —
// so an evicted or restarted instance simply runs the next pass and carries on from D1.
//   kick()   — after a send: make sure a pass runs now (sets the alarm; answers at once).
//   runNow() — run a pass here and now and answer what it did (tests, staff tools).
// After every pass the alarm is set to the earliest next_attempt_at still open (none: no alarm).
// Passes never overlap inside the instance (a second trigger joins the running one and asks for
// another pass after it), so one offer is never sent twice by two concurrent passes.
import { DurableObject } from "cloudflare:workers";
import { WITHDRAW } from "../../shared/constants";
import { type DepositBot, tradeBotFromEnv, type TradeBot } from "./bot";
import { PASS_SIZE, processDue, type PassResult } from "./queue";
import { processDueDeposits } from "../skins-deposit/queue";
import { processDuePayouts } from "../money-withdraw/payout-pass";

const earliest = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));

export function withdrawQueue(env: Pick<Env, "WITHDRAW_QUEUE">) {
  return env.WITHDRAW_QUEUE.get(env.WITHDRAW_QUEUE.idFromName("queue"));
}

export class WithdrawQueue extends DurableObject<Env> {
  private running: Promise<PassResult> | null = null;
  private again = false;

  /** Schedules a pass now (the alarm), unless one is already due sooner. */
  async kick(): Promise<void> {
    const now = Date.now();
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > now) await this.ctx.storage.setAlarm(now);
  }

  /** Runs a pass now (joining one in flight) and answers its result. */
  async runNow(): Promise<PassResult> {
    return this.pass();
  }

  override async alarm(): Promise<void> {
    await this.pass();
  }

  private pass(): Promise<PassResult> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.work().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async work(): Promise<PassResult> {
    const bot = this.bot();
    let result: PassResult = { seen: 0, finished: [], nextAt: null };
    try {
      do {
        this.again = false;
        // money withdrawals' payouts (money-withdraw/payout-pass.ts) need no trade bot
        const payouts = await processDuePayouts(this.env, Date.now());
        // no bot: skin rows wait in D1 until a bot is configured and kicked
        const pass = bot ? await processDue(this.env, bot, Date.now()) : { seen: 0, finished: [], nextAt: null };
        const deposits = bot ? await processDueDeposits(this.env, bot, Date.now()) : { seen: 0, nextAt: null };
        const nextAt = earliest(earliest(pass.nextAt, deposits.nextAt), payouts.nextAt);
        result = { seen: result.seen + pass.seen, finished: [...result.finished, ...pass.finished], nextAt };
        // a full pass may have left more rows due right now
        if ((pass.seen >= PASS_SIZE || deposits.seen >= PASS_SIZE || payouts.seen >= PASS_SIZE) && nextAt !== null && nextAt <= Date.now()) this.again = true;
      } while (this.again);
    } catch (err) {
      console.error("withdraw queue pass failed", String(err));
      await this.ctx.storage.setAlarm(Date.now() + WITHDRAW.pollMs);
      throw err;
    }
    // a trigger that arrived after the last loop check gets its pass from the alarm, right away
    if (this.again) await this.ctx.storage.setAlarm(Date.now());
    else if (result.nextAt === null) await this.ctx.storage.deleteAlarm();
    else await this.ctx.storage.setAlarm(Math.max(result.nextAt, Date.now()));
    return result;
  }

  /** The trade bot (TRADE_BOT_URL); null when withdrawals are switched off. */
  private bot(): (TradeBot & DepositBot) | null {
    return tradeBotFromEnv(this.env);
  }
}
