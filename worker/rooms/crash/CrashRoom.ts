// The crash room (/ws/crash): a thin shell around the pure logic (logic.ts). It feeds events to
// step(), then runs the effects: state and owed settlements in ONE storage write, the timers,
// the frames, and the outbox drain to D1 (outbox.ts). Deadlines are absolute, so after an
// eviction onStart catches the round up with the clock (step() advances first).
import type { BetPublic } from "../../../shared/api/crash";
import { CRASH } from "../../../shared/constants";
import { toHundredths, type Hundredths } from "../../../shared/crash-curve";
import { exhaustive } from "../../../shared/rooms/frame";
import { crashProtocol, type CrashClientFrame, type CrashServerFrame } from "../../../shared/rooms/crash";
import { writeAudit } from "../../lib/audit";
import type { Identity } from "../base/identity";
import { Room, type BaseAttachment, type OwnFrame } from "../base/Room";
import { BetStore } from "../base/bet-store";
import { LoadOnce } from "../base/load-once";
import { storageEffects } from "../base/step-effects";
import { BetRowThrottle } from "../base/row-throttle";
import { CatalogueCache } from "../../lib/catalogue-cache";
import { MaintenanceFlag } from "../../lib/maintenance-flag";
import type { CrashEvent, Effect, Outcome, TimerName } from "./effects";
import { step, type StepContext } from "./logic";
import { Outbox } from "./outbox";
import { betRefusal, takeRefusal } from "./rules";
import { roundRow } from "./running";
import { RoundSeeds, storedHistory } from "./seeds";
import { crashBankPush, mayTwist, sessionRefusal } from "./services";
import { lastRoundId, placeBet } from "./settlement";
import { createState, type BetUser, type CrashState } from "./state";
import { crashInitData, toRoundPublic } from "./views";

export interface CrashAttachment extends BaseAttachment {
  /** how the bet rows show this socket's user (null for a visitor) */
  user: BetUser | null;
}

const TIMERS: readonly TimerName[] = ["start", "tick", "auto", "crash", "next"];

type NewBet = Extract<CrashClientFrame, { event: "newBet" }>["data"];

export class CrashRoom extends Room<CrashClientFrame, CrashServerFrame, CrashAttachment, TimerName | "bank"> {
  protected readonly protocol = crashProtocol;
  private state: CrashState | undefined;
  private readonly loaded = new LoadOnce(() => this.load());
  /** the state in storage: a key per bet, only what changed is written (base/bet-store.ts) */
  private readonly store = new BetStore<CrashState>(this.ctx.storage, "crash");
  private readonly outbox = new Outbox(this.ctx.storage, this.env);
  private readonly catalogue = new CatalogueCache(this.env);
  private readonly seeds = new RoundSeeds(this.env, this.ctx.storage);
  private readonly maintenance = new MaintenanceFlag(this.env);
  // a bank change inside the push window is pushed by the "bank" alarm at its end
  private readonly bank = crashBankPush(this.env, (at) => this.oweBank(at));
  private readonly betRows = new BetRowThrottle<BetPublic>(
    (bets) => {
      try {
        this.sendAll({ event: "newBets", data: { bets } });
      } catch (err) {
        console.error("crash room refused a frame", String(err)); // a bug; the state is already safe
      }
    },
    CRASH.betRowsWindowMs,
    CRASH.betRowsPerFrame,
  );

  // ── RPC (admin routes) ────────────────────────────────────────────────────
  /** dev: crash the round now; production: emergency stop (void, refund every bet). */
  async adminStop(mode: "crash" | "void"): Promise<{ ok: true; roundId: number } | { ok: false; message: string }> {
    const roundId = (await this.current()).round.id;
    const outcome = await this.run({ type: "forceCrash", mode: mode === "crash" ? "dev" : "production" });
    return outcome?.ok === false ? { ok: false, message: outcome.key } : { ok: true, roundId };
  }

  /** dev: the next round crashes at `nextCrash` hundredths (not provably fair). */
  async scheduleTwist(nextCrash: Hundredths): Promise<{ roundId: number }> {
    await this.run({ type: "twist", nextCrash });
    return { roundId: this.state!.round.id + 1 };
  }

  // ── lifecycle and sockets ─────────────────────────────────────────────────
  /** Loads the state and catches the round up with the clock (current() retries if this failed). */
  protected async onStart(): Promise<void> {
    await this.current();
  }

  protected newAttachment(_request: Request, base: BaseAttachment): CrashAttachment {
    return { ...base, user: null };
  }

  /** Bet rows show the identified user by name and avatar. */
  protected identified(a: CrashAttachment, identity: Identity): CrashAttachment {
    return { ...a, user: identity.kind === "user" ? identity.user : null };
  }

  /** The round again, now with the user's own bets. */
  protected async onIdentified(ws: WebSocket): Promise<void> {
    await this.sendInit(ws);
  }

  protected async onJoin(ws: WebSocket): Promise<void> {
    await this.sendInit(ws);
    // a room left idle after its last crash starts the next round when someone comes back
    const s = this.state!;
    if (s.round.phase === "crashed" && (await this.alarms.deadline("next")) === undefined) await this.nextRound();
  }

  protected async onFrame(ws: WebSocket, frame: OwnFrame<CrashClientFrame>, a: CrashAttachment): Promise<void> {
    switch (frame.event) {
      case "newBet":
        return this.safely(ws, "errorBet", () => this.bet(ws, a, frame.data));
      case "take":
        return this.safely(ws, "errorTake", () => this.take(ws, a, frame.data.betId));
      case "twistCrash":
        return this.twist(ws, a, frame.data.nextCrash);
      case "getGame":
        // the round page reads /api/crash/getGame; on the socket it resynchronises the client
        return this.sendInit(ws);
      default:
        return exhaustive(frame);
    }
  }

  protected async onAlarm(name: TimerName | "bank"): Promise<void> {
    await this.current();
    if (name === "bank") return this.bank.push(toRoundPublic(this.state!).bank);
    if (name === "next") await this.nextRound();
    else await this.run({ type: "timer", name });
    await this.outbox.drain();
  }

  // ── handlers ──────────────────────────────────────────────────────────────
  private async bet(ws: WebSocket, a: CrashAttachment, data: NewBet): Promise<void> {
    const autoWithdraw = toHundredths(data.autoWithdraw);
    const maintenance = await this.maintenance.on();
    const roundId = (await this.current()).round.id;
    // the rules first (cheap, nothing locked); step() checks them again once the items are locked
    const refused = betRefusal(this.state!, { user: a.user, itemIds: data.items, autoWithdraw }, maintenance, Date.now());
    if (refused || !a.user || !a.session) return void this.sendTo(ws, { event: "errorBet", data: { message: refused ?? "crash_api.unauthorized" } });
    await this.outbox.idle(); // the round's row is in D1 before its bets
    const id = crypto.randomUUID();
    // the batch also checks that the socket's session is live and the user not banned (no extra query)
    const placed = await placeBet(this.env, { betId: id, roundId, userId: a.user.id, itemIds: data.items, autoWithdraw, now: Date.now(), session: a.session });
    if (!placed.ok) return void this.sendTo(ws, { event: "errorBet", data: { message: placed.message } });
    const bet = { id, user: a.user, items: placed.items, autoWithdraw };
    if (this.state!.round.id !== roundId) {
      // the round changed while D1 answered: the items go back
      this.sendTo(ws, { event: "errorBet", data: { message: "crash_api.game_started" } });
      await this.commit([{ type: "settle", settlement: { kind: "refund", roundId, betId: id, userId: a.user.id } }]);
      return;
    }
    await this.run({ type: "placeBet", bet, maintenance, locked: true }, ws);
  }

  /**
   * A manual cash-out, once D1 says the socket's session is still live and its user not banned
   * (a banned player's live bet settles as the round decides: auto-withdraw at its target, a
   * manual one loses at the crash). A take the rules refuse anyway (a duplicate, too late) costs
   * no read: step() answers it.
   */
  private async take(ws: WebSocket, a: CrashAttachment, betId: string): Promise<void> {
    if (!takeRefusal(await this.current(), a.userId, betId) && a.userId !== null) {
      const refused = await sessionRefusal(this.env, a.userId, a.session);
      if (refused) return void this.sendTo(ws, { event: "errorTake", data: { message: refused } });
    }
    await this.run({ type: "take", userId: a.userId, betId }, ws);
  }

  /** A command that failed inside (D1 down, ...) is answered, never left hanging. */
  private async safely(ws: WebSocket, answer: "errorBet" | "errorTake", command: () => Promise<void>): Promise<void> {
    try {
      await command();
    } catch (err) {
      console.error(`crash ${answer === "errorBet" ? "bet" : "take"} failed`, String(err));
      this.sendTo(ws, { event: answer, data: { message: "app_error.load" } });
    }
  }

  /** Admin socket tools (dev flag only, checked against D1 every time): crash now / next point. */
  private async twist(ws: WebSocket, a: CrashAttachment, nextCrash: number | undefined): Promise<void> {
    if (!(await mayTwist(this.env, a.userId))) return void this.sendTo(ws, { event: "error", data: { message: "crash_api.forbidden" } });
    const event: CrashEvent = nextCrash === undefined ? { type: "forceCrash", mode: "dev" } : { type: "twist", nextCrash: toHundredths(nextCrash) };
    const outcome = await this.run(event, ws);
    if (outcome?.ok === false) return void this.sendTo(ws, { event: "error", data: { message: outcome.key } });
    await writeAudit(this.env, {
      actorId: a.userId!,
      action: nextCrash === undefined ? "crash.force_crash" : "crash.schedule_twist",
      details: { nextCrash: nextCrash ?? null, roundId: this.state!.round.id },
    });
  }

  /** The pause after a crash is over: the chain's next round, unless nobody is watching. */
  private async nextRound(): Promise<void> {
    if (this.sockets().length === 0) return; // idle: onJoin starts it
    const seed = await this.seeds.seed(this.state!.round.id + 1, Date.now());
    await this.run({ type: "timer", name: "next", nextRound: seed });
  }

  // ── the shell ─────────────────────────────────────────────────────────────
  /** step() against the current state at the server's clock, then its effects. */
  private async run(event: CrashEvent, ws?: WebSocket): Promise<Outcome | undefined> {
    const ctx = await this.stepContext();
    await this.current();
    const result = step(this.state!, event, Date.now(), ctx);
    this.state = result.state;
    // a plain tick changes nothing worth a storage write (after an eviction ticks simply resume)
    await this.commit(result.effects, ws, event.type === "timer" && event.name === "tick");
    return result.outcome;
  }

  /** State + owed D1 writes in one storage write, then timers, then frames, then the drain. */
  private async commit(effects: readonly Effect[], ws?: WebSocket, quiet = false): Promise<void> {
    const { owed, timers } = storageEffects(effects);
    if (!quiet || owed.length > 0) await this.store.save(this.state!, this.outbox.stage(owed));
    if (timers) await this.alarms.setExactly(TIMERS, timers);
    // this step's rows leave after its other frames: the crash frame is not queued behind the
    // rows of a thousand lost bets
    const rows: BetPublic[] = [];
    for (const e of effects) {
      try {
        if (e.type === "reply" && ws) this.sendTo(ws, e.frame);
        else if (e.type === "send") {
          for (const socket of this.socketsOf(e.userId)) this.sendTo(socket, e.frame);
        } else if (e.type === "broadcast" && e.frame.event === "newBets") rows.push(...e.frame.data.bets);
        else if (e.type === "broadcast") {
          this.betRows.flush(); // rows of earlier steps go first: they belong before this frame
          this.sendAll(e.frame);
        }
      } catch (err) {
        console.error("crash room refused a frame", String(err)); // a bug; the state is already safe
      }
    }
    this.betRows.add(rows);
    this.bank.push(toRoundPublic(this.state!).bank);
    if (owed.length > 0) await this.outbox.drain();
  }

  private oweBank(at: number): void {
    this.alarms.set("bank", at).catch((err: unknown) => console.error("crash room could not set the bank alarm", String(err)));
  }

  /** The state, loaded once per instance; the first load catches up with the clock and drains. */
  private async current(): Promise<CrashState> {
    return this.state ?? this.loaded.get();
  }

  private async load(): Promise<CrashState> {
    const stored = await this.store.load();
    if (stored) {
      this.state = stored;
      await this.run({ type: "restore" });
      // bets D1 took while the room that decided them was lost (neither in the state nor owed a
      // settlement): their items go back
      const orphans = await this.outbox.orphanRefunds(this.state.bets);
      if (orphans.length > 0) await this.commit(orphans.map((settlement) => ({ type: "settle", settlement })));
      await this.outbox.drain();
      return this.state;
    }
    // first round ever (or empty storage): continue after the rounds D1 already has
    const now = Date.now();
    const id = (await lastRoundId(this.env)) + 1;
    this.state = createState(await this.seeds.seed(id, now), now, await storedHistory(this.env, CRASH.historySize));
    await this.commit([{ type: "persist", round: roundRow(this.state) }]);
    await this.run({ type: "restore" }); // arms the countdown
    return this.state;
  }

  private async stepContext(): Promise<StepContext> {
    const max = Number(this.env.CRASH_MAX_PAYOUT_CENTS);
    return { catalogue: await this.catalogue.items(), maxPayoutCents: Number.isSafeInteger(max) && max > 0 ? max : CRASH.defaultMaxPayoutCents };
  }

  private async sendInit(ws: WebSocket): Promise<void> {
    const s = await this.current();
    const maintenance = await this.maintenance.on();
    if (ws.readyState === WebSocket.OPEN) this.sendTo(ws, { event: "crashInit", data: crashInitData(s, this.attachment(ws).userId, maintenance, Date.now()) });
  }
}
