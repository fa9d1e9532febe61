// The wheel room (/ws/wheel): a thin shell around the pure logic (logic.ts), as CrashRoom. Bets
// arrive by RPC from POST /api/wheel/setBet (placeBet); the shell feeds events to step(), then
// runs the effects: state and owed settlements in ONE storage write, the timers, the frames
// (bet rows coalesced), and the outbox drain to D1. Deadlines are absolute, so after an eviction
// onStart catches the round up with the clock (step() advances first) and nothing settles twice.
import type { WheelBetPublic, WheelLayoutPublic, WheelState as WheelStateJson } from "../../../shared/api/wheel";
import { WHEEL } from "../../../shared/constants";
import { exhaustive } from "../../../shared/rooms/frame";
import { wheelProtocol, type WheelClientFrame, type WheelServerFrame } from "../../../shared/rooms/wheel";
import { colourRtp } from "../../../shared/wheel-layout";
import { BankPush } from "../../lib/bank-push";
import { hub } from "../hub";
import { CatalogueCache } from "../../lib/catalogue-cache";
import { MaintenanceFlag } from "../../lib/maintenance-flag";
import { Room, type BaseAttachment, type OwnFrame } from "../base/Room";
import { BetStore } from "../base/bet-store";
import { LoadOnce } from "../base/load-once";
import { storageEffects } from "../base/step-effects";
import { BetRowThrottle } from "../base/row-throttle";
import { maxPayoutOf, settingsOf, timingOf } from "./config";
import type { Effect, Outcome, StepContext, TimerName, WheelEvent } from "./effects";
import { bankDollars, roundRow, step } from "./logic";
import { Outbox } from "./outbox";
import { betRefusal, isColour, valueRefusal, type WheelKey } from "./rules";
import { RoundSeeds } from "./seeds";
import { availableItems, lastRoundId, placeBet } from "./settlement";
import { createState, type BetUser, type HistoryItem, type WheelState } from "./state";
import { finishedRounds } from "../../wheel/queries";
import { spinOf, statsOf, toBetPublic, toGame, toHistoryEntry, totalsOf, visibleBets, wheelInitData } from "./views";

const TIMERS: readonly TimerName[] = ["spin", "stop", "next"];

export interface SetBetRequest {
  user: BetUser;
  /** the caller's session token hash: the bet lands only while it is live */
  session: string;
  /** as sent (rules.ts: anything but a colour is wheel_api.no_colour) */
  colour: string | null | undefined;
  itemIds: number[];
}

export type SetBetResult = { ok: true; bet: WheelBetPublic } | { ok: false; key: WheelKey };

export class WheelRoom extends Room<WheelClientFrame, WheelServerFrame, BaseAttachment, TimerName | "bank"> {
  protected readonly protocol = wheelProtocol;
  private state: WheelState | undefined;
  private readonly loaded = new LoadOnce(() => this.load());
  /** the state in storage: a key per bet, only what changed is written (base/bet-store.ts) */
  private readonly store = new BetStore<WheelState>(this.ctx.storage, "wheel");
  private readonly outbox = new Outbox(this.ctx.storage, this.env);
  private readonly catalogue = new CatalogueCache(this.env);
  private readonly seeds = new RoundSeeds(this.env, this.ctx.storage);
  private readonly maintenance = new MaintenanceFlag(this.env);
  // a bank change inside the push window is pushed by the "bank" alarm at its end
  private readonly bank = new BankPush(
    (wheel) => hub(this.env).broadcast({ event: "banks", data: { wheel } }),
    1_000,
    (at) => this.oweBank(at),
  );
  private readonly betRows = new BetRowThrottle<WheelBetPublic>(
    (bets) => {
      const s = this.state;
      if (!s) return;
      try {
        this.sendAll({ event: "wheelNewBet", data: { roundId: s.round.id, bets, totals: totalsOf(s), stats: statsOf(s) } });
      } catch (err) {
        console.error("wheel room refused a frame", String(err)); // a bug; the state is already safe
      }
    },
    WHEEL.betRowsWindowMs,
    WHEEL.betRowsPerFrame,
  );

  // ── RPC (worker/api/wheel/routes.ts) ──────────────────────────────────────
  /** POST /api/wheel/setBet: the rules, the items locked in D1, then the bet in the round. */
  async setBet(req: SetBetRequest): Promise<SetBetResult> {
    await this.current();
    await this.wake();
    const s = this.state!;
    const maintenance = await this.maintenance.on();
    const refused = betRefusal(s, { user: req.user, colour: req.colour, itemIds: req.itemIds }, maintenance, Date.now());
    if (refused) return { ok: false, key: refused };
    const colour = isColour(req.colour) ? req.colour : "black"; // checked by betRefusal
    const ctx = await this.stepContext();
    // Near the colour's payout cap, the value is read first so a refusal writes nothing; elsewhere
    // no bet can pass the cap and the batch itself refuses unknown items and min / max (one D1
    // call less per bet: README "Benchmarks").
    const stake = s.bets.filter((b) => b.status !== "refunded" && b.colour === colour).reduce((sum, b) => sum + b.bank, 0);
    if ((stake + WHEEL.maxBetCents) * s.round.layout.multipliers[colour] > ctx.maxPayoutCents) {
      const items = await availableItems(this.env, req.user.id, req.itemIds);
      if (items.length !== req.itemIds.length) return { ok: false, key: "wheel_api.item_not_found" };
      const tooMuch = valueRefusal(
        s,
        colour,
        items.reduce((sum, i) => sum + i.price, 0),
        ctx.maxPayoutCents,
      );
      if (tooMuch) return { ok: false, key: tooMuch };
    }
    await this.outbox.idle(); // the round's row is in D1 before its bets
    const roundId = this.state!.round.id;
    const id = crypto.randomUUID();
    const placed = await placeBet(this.env, { betId: id, roundId, userId: req.user.id, session: req.session, colour, itemIds: req.itemIds, now: Date.now() });
    if (!placed.ok) return { ok: false, key: placed.message };
    if (this.state!.round.id !== roundId) {
      // the round changed while D1 answered: the items go back
      await this.commit([{ type: "settle", settlement: { kind: "refund", roundId, betId: id, userId: req.user.id } }]);
      return { ok: false, key: "wheel_api.already_started" };
    }
    const outcome = await this.run({ type: "placeBet", bet: { id, user: req.user, colour, items: placed.items }, maintenance, locked: true });
    if (outcome?.ok === false) return { ok: false, key: outcome.key };
    const bet = this.state!.bets.find((b) => b.id === id);
    return bet ? { ok: true, bet: toBetPublic(bet) } : { ok: false, key: "wheel_api.already_started" };
  }

  /** POST /api/wheel/get: the round as now, with the caller's own bets. */
  async view(userId: number | null): Promise<WheelStateJson> {
    await this.current();
    await this.wake();
    const s = this.state!;
    const now = Date.now();
    const { segments, multipliers } = s.round.layout;
    const layout: WheelLayoutPublic = { segments, multipliers, rtp: colourRtp(s.round.layout) };
    return {
      game: toGame(s),
      bets: visibleBets(s),
      totals: totalsOf(s),
      selfBets: userId === null ? [] : s.bets.filter((b) => b.status !== "refunded" && b.user.id === userId).map((b) => toBetPublic(b)),
      history: s.history.map(toHistoryEntry),
      spin: spinOf(s),
      stats: statsOf(s),
      settings: settingsOf(s.timing),
      hash: s.round.publicHash,
      layout,
      maintenance: await this.maintenance.on(),
      serverTime: now,
    };
  }

  // ── lifecycle and sockets ─────────────────────────────────────────────────
  protected async onStart(): Promise<void> {
    await this.current();
  }

  protected newAttachment(_request: Request, base: BaseAttachment): BaseAttachment {
    return base;
  }

  protected async onIdentified(ws: WebSocket): Promise<void> {
    await this.sendInit(ws);
  }

  protected async onJoin(ws: WebSocket): Promise<void> {
    await this.sendInit(ws);
    await this.wake();
  }

  /**
   * Catches up on entry (a socket, /get, a bet): timers more than a second overdue run now — a
   * local workerd once dropped the DO alarm set while an alarm handler ran ("alarm handler
   * canceled"), leaving the round stuck in its result; and a room left idle after its last result
   * starts the next round when someone comes back.
   */
  private async wake(): Promise<void> {
    const now = Date.now();
    for (const name of TIMERS) {
      const at = await this.alarms.deadline(name);
      if (at !== undefined && at < now - 1_000) {
        await this.alarm();
        break;
      }
    }
    const s = this.state!;
    if (s.round.phase === "result" && now >= (s.round.resultEndsAt ?? 0) && (await this.alarms.deadline("next")) === undefined) await this.nextRound(true);
  }

  protected onFrame(_ws: WebSocket, frame: OwnFrame<WheelClientFrame>): void {
    // identity and ping are the shell's; the wheel takes its bets over HTTP
    exhaustive(frame);
  }

  protected async onAlarm(name: TimerName | "bank"): Promise<void> {
    await this.current();
    if (name === "bank") return this.bank.push(bankDollars(this.state!));
    if (name === "next") await this.nextRound();
    else await this.run({ type: "timer", name });
    await this.outbox.drain();
  }

  /** The result pause is over: the chain's next round, unless nobody is watching or betting. */
  private async nextRound(anyway = false): Promise<void> {
    if (!anyway && this.sockets().length === 0) return; // idle: wake() starts it when someone comes back
    const seed = await this.seeds.seed(this.state!.round.id + 1, Date.now());
    await this.run({ type: "timer", name: "next", nextRound: seed });
  }

  // ── the shell ─────────────────────────────────────────────────────────────
  private async run(event: WheelEvent): Promise<Outcome | undefined> {
    const ctx = await this.stepContext();
    await this.current();
    const result = step(this.state!, event, Date.now(), ctx);
    this.state = result.state;
    await this.commit(result.effects);
    return result.outcome;
  }

  /** State (what changed: base/bet-store.ts) + owed D1 writes in one storage write, then timers, then frames, then the drain. */
  private async commit(effects: readonly Effect[]): Promise<void> {
    const { owed, timers } = storageEffects(effects);
    await this.store.save(this.state!, this.outbox.stage(owed));
    if (timers) await this.alarms.setExactly(TIMERS, timers);
    const rows: WheelBetPublic[] = [];
    let totalsChanged = false;
    for (const e of effects) {
      if (e.type !== "broadcast") continue;
      try {
        if (e.frame.event === "wheelNewBet") {
          rows.push(...e.frame.data.bets);
          totalsChanged = true;
        } else {
          this.betRows.flush(); // rows of earlier steps go first: they belong before this frame
          this.sendAll(e.frame);
        }
      } catch (err) {
        console.error("wheel room refused a frame", String(err)); // a bug; the state is already safe
      }
    }
    this.betRows.add(rows, totalsChanged);
    this.bank.push(bankDollars(this.state!));
    if (owed.length > 0) await this.outbox.drain();
  }

  private oweBank(at: number): void {
    this.alarms.set("bank", at).catch((err: unknown) => console.error("wheel room could not set the bank alarm", String(err)));
  }

  /** The state, loaded once per instance; the first load catches up with the clock and drains. */
  private async current(): Promise<WheelState> {
    return this.state ?? this.loaded.get();
  }

  private async load(): Promise<WheelState> {
    const stored = await this.store.load();
    if (stored) {
      this.state = stored;
      await this.run({ type: "restore" });
      // bets D1 took while the room that decided them was lost: their items go back
      const orphans = await this.outbox.orphanRefunds(this.state.bets);
      if (orphans.length > 0) await this.commit(orphans.map((settlement) => ({ type: "settle", settlement })));
      await this.outbox.drain();
      return this.state;
    }
    // first round ever (or empty storage): continue after the rounds D1 already has
    const now = Date.now();
    const id = (await lastRoundId(this.env)) + 1;
    const history: HistoryItem[] = await finishedRounds(this.env, WHEEL.historySize);
    this.state = createState(await this.seeds.seed(id, now), now, timingOf(this.env), history);
    await this.commit([{ type: "persist", round: roundRow(this.state) }]);
    await this.run({ type: "restore" }); // arms the countdown
    return this.state;
  }

  private async stepContext(): Promise<StepContext> {
    return { catalogue: await this.catalogue.items(), maxPayoutCents: maxPayoutOf(this.env) };
  }

  private async sendInit(ws: WebSocket): Promise<void> {
    const s = await this.current();
    const maintenance = await this.maintenance.on();
    if (ws.readyState === WebSocket.OPEN) this.sendTo(ws, { event: "wheelInit", data: wheelInitData(s, this.attachment(ws).userId, maintenance, Date.now()) });
  }
}
