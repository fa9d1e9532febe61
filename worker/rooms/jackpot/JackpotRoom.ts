// A jackpot room (/ws/jackpot?level=…, README "Jackpot"): one instance per level, a thin shell
// around the pure rules (logic.ts). Bets arrive by RPC from POST /api/jackpot/setBet and run
// concurrently: each is numbered (seq, tickets) inside its own D1 batch, and the room applies the
// answers in seq order. The phase steps (draw, reveal, new round, refund) run one at a time (the
// `exclusive` queue). The state is one storage value without the bets; deadlines are named
// alarms, and after an eviction onStart reloads the round's bets from D1 (their truth) and
// catches up with the clock.
import { JACKPOT_SECOND, type JackpotBetJson, type JackpotHistoryEntry, type JackpotStateJson } from "../../../shared/api/jackpot";
import { JACKPOT, type JackpotLevel, type JackpotLevelSettings, type JackpotTimers } from "../../../shared/constants";
import { exhaustive } from "../../../shared/rooms/frame";
import { jackpotProtocol, type JackpotClientFrame, type JackpotServerFrame } from "../../../shared/rooms/jackpot";
import { errorBody } from "../../../shared/errors";
import type { BankPush } from "../../lib/bank-push";
import { MaintenanceFlag } from "../../lib/maintenance-flag";
import { toBetJson } from "../../jackpot/present";
import { history, roundBets } from "../../jackpot/queries";
import { chances, totalTickets } from "../../jackpot/tickets";
import type { BetUser, JackpotBet } from "../../jackpot/types";
import { Room, type BaseAttachment, type OwnFrame } from "../base/Room";
import { acceptBet, betRefusal, draw, due, lastWinnerOf, nextDeadline, reveal, type JackpotKey } from "./logic";
import { Outbox, type Owed } from "./outbox";
import { JackpotSeeds, roomConfig } from "./seeds";
import { closeRound, lastChainIndex, placeBet, winBell, writeRound, type PlaceBetResult } from "./settlement";
import { pushNotification } from "../../lib/notify";
import { createState, type JackpotState } from "./state";
import { jackpotBankPush } from "./banks";
import { BetFrames } from "./bet-frames";
import { isLevel } from "./stub";
import { finishedEntry, newBetTotals, stateJson } from "./views";

type TimerName = "solo" | "draw" | "reveal" | "end";
/** The alarm of each status's deadline (logic.ts nextDeadline). */
const TIMER_OF: Record<JackpotState["status"], TimerName> = { 0: "solo", 1: "draw", 2: "reveal", 3: "end" };
const TIMERS: readonly TimerName[] = ["solo", "draw", "reveal", "end"];
const STATE_KEY = "jackpot:state";

export type SetBetAnswer = { ok: true; bet: JackpotBetJson } | { ok: false; message: JackpotKey | Exclude<PlaceBetResult, { ok: true }>["message"] };

export interface SetBetRequest {
  user: BetUser;
  /** the caller's session token hash: the bet lands only while it is live */
  session: string;
  itemIds: number[];
}

export class JackpotRoom extends Room<JackpotClientFrame, JackpotServerFrame, BaseAttachment, TimerName> {
  protected readonly protocol = jackpotProtocol;
  private state: JackpotState | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly outbox = new Outbox(this.ctx.storage, this.env);
  private readonly maintenance = new MaintenanceFlag(this.env);
  private seeds: JackpotSeeds | undefined;
  private historyCache: JackpotHistoryEntry[] | undefined;
  /** jackpotNewBet, coalesced (bet-frames.ts) */
  private readonly betFrames = new BetFrames((roundId, bets) => {
    const s = this.state;
    if (!s || s.round.id !== roundId) return;
    this.broadcast({
      event: "jackpotNewBet",
      data: { roundId, bets: bets.map(toBetJson), ...newBetTotals(s), soloEndsAt: s.soloEndsAt, serverTime: Date.now() },
    });
  });
  private bankPush: BankPush | undefined;
  /** bets D1 numbered whose earlier seqs are not in yet (applyArrived) */
  private readonly arrived = new Map<number, JackpotBet>();

  // ── RPC (worker/api/jackpot/routes.ts, the sibling levels) ───────────────
  /** The level's whole state (POST /api/jackpot/get). */
  async getState(level: JackpotLevel): Promise<JackpotStateJson> {
    await this.ready();
    await this.exclusive(async () => {
      await this.ensure(level);
      await this.advance();
    });
    return this.view(await this.maintenance.on());
  }

  /**
   * A bet (POST /api/jackpot/setBet): the rules on the state, then ONE D1 batch that locks the
   * items and numbers the bet (bets run concurrently: D1's commit order is the bet order), then
   * the state. Only the phase steps are queued (exclusive), not the bets.
   */
  async setBet(level: JackpotLevel, request: SetBetRequest): Promise<SetBetAnswer> {
    await this.ready();
    const seen = this.state?.round.id;
    await this.exclusive(async () => {
      await this.ensure(level);
      await this.advance();
    });
    // the round the player saw ended while the bet waited behind its draw: not the next round's bet
    if (seen !== undefined && this.state!.round.id !== seen) return { ok: false, message: "jackpot_api.round_closed" };
    return this.bet(request);
  }

  /** This level's bank in cents (the siblings sum the three for the mode bar); 0 before the first round. */
  async bank(): Promise<number> {
    return this.state ? totalTickets(this.state.bets) : 0;
  }

  // ── lifecycle and sockets ─────────────────────────────────────────────────
  protected async onStart(): Promise<void> {
    try {
      await this.load();
    } catch (err) {
      console.error("jackpot room could not load its round; the next call retries", String(err));
      return;
    }
    await this.exclusive(() => this.advance()).catch((err: unknown) => console.error("jackpot room could not catch up", String(err)));
    await this.outbox.drain();
  }

  /**
   * The stored round with its bets. The bets are not kept in storage: D1 is their truth (a bet D1
   * took while the instance that placed it was lost is there too), so they come back from D1.
   */
  private async load(): Promise<void> {
    if (this.state) return;
    const stored = await this.ctx.storage.get<JackpotState>(STATE_KEY);
    if (!stored) return; // a level's first call (socket or RPC) creates its first round
    const bets = await roundBets(this.env, stored.round.id);
    this.state = stored.status <= JACKPOT_SECOND ? this.rebuild(stored, bets) : { ...stored, bets };
  }

  async fetch(request: Request): Promise<Response> {
    const level = new URL(request.url).searchParams.get("level");
    if (request.headers.get("Upgrade")?.toLowerCase() === "websocket") {
      if (!isLevel(level)) return Response.json(errorBody("app_api.invalid_request"), { status: 400 });
      await this.exclusive(() => this.ensure(level));
    }
    return super.fetch(request);
  }

  protected newAttachment(_request: Request, base: BaseAttachment): BaseAttachment {
    return base;
  }

  protected async onJoin(ws: WebSocket): Promise<void> {
    await this.sendInit(ws);
  }

  protected async onIdentified(ws: WebSocket): Promise<void> {
    await this.sendInit(ws);
  }

  protected onFrame(_ws: WebSocket, frame: OwnFrame<JackpotClientFrame>): never {
    // identity and ping are the shell's; a jackpot client sends nothing else (bets are POSTs)
    exhaustive(frame);
  }

  protected async onAlarm(): Promise<void> {
    await this.exclusive(async () => {
      await this.load();
      await this.advance();
    });
    await this.outbox.drain();
  }

  // ── the round ─────────────────────────────────────────────────────────────
  private config(): { settings: JackpotLevelSettings; timers: JackpotTimers; salt: string } {
    return roomConfig(this.env, this.state!.level);
  }

  /** Runs `fn` after every earlier bet / step of this instance. */
  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.catch(() => undefined).then(fn);
    this.queue = run;
    return run;
  }

  /** The level's first round, when this instance has no state yet. */
  private async ensure(level: JackpotLevel): Promise<void> {
    await this.load(); // a start that could not reach D1 is retried here
    if (this.state) return;
    const k = (await lastChainIndex(this.env, level)) + 1;
    await this.openRound(level, k, null, []);
  }

  /** Writes the round's D1 row, then the state (with anything owed) in one storage write. */
  private async openRound(level: JackpotLevel, k: number, last: JackpotState["lastWinner"], owed: Owed[]): Promise<void> {
    this.seeds ??= new JackpotSeeds(this.env, this.ctx.storage, level);
    const seed = await this.seeds.seed(k, Date.now());
    await writeRound(this.env, { id: seed.id, level, chainIndex: k, publicHash: seed.publicHash, dayOfMonth: seed.dayOfMonth, createdAt: seed.createdAt });
    this.state = createState(level, seed, last);
    await this.save(owed);
  }

  /** Acts on whatever the clock says is due, until nothing is. */
  private async advance(): Promise<void> {
    for (let guard = 0; guard < 8 && this.state; guard++) {
      const s = this.state;
      const now = Date.now();
      const step = due(s, now);
      if (step === null) break;
      if (step === "draw") await this.draw(now);
      else if (step === "reveal") {
        this.state = reveal(s);
        await this.save();
        await this.ringWinner(s);
      } else {
        // refund (a single player timed out) or newGame (the winner was shown): a new round
        const finished = finishedEntry(s, now);
        const owed: Owed[] = step === "refund" ? [{ kind: "refund", roundId: s.round.id }] : [];
        this.betFrames.flush();
        await this.openRound(s.level, s.round.chainIndex + 1, lastWinnerOf(s), owed);
        this.historyCache = this.historyCache && [finished, ...this.historyCache].slice(0, JACKPOT.historySize);
        const r = this.state!.round;
        this.broadcast({ event: "newGameJackpot", data: { level: s.level, roundId: r.id, publicHash: r.publicHash, finished, serverTime: Date.now() } });
        if (owed.length > 0) void this.outbox.drain();
      }
    }
    this.pushBank();
  }

  /**
   * The spinner stopped on the winner: his jackpot_win bell (written with the settlement, dated
   * now) goes live. The settlement normally landed seconds ago; if D1 had not taken it yet the
   * bell shows in the list once it does, without a push.
   */
  private async ringWinner(s: JackpotState): Promise<void> {
    if (!s.draw) return;
    await this.outbox.idle();
    await pushNotification(this.env, s.draw.winner.id, await winBell(this.env, s.draw.winner.id, s.draw.spinEndsAt));
  }

  /** Bets close: D1's bets of the round (the truth), the draw, and its settlement owed in the same write. */
  private async draw(now: number): Promise<void> {
    const { salt, timers } = this.config();
    // closed in D1 first: a bet batch still in flight can no longer land, the draw reads them all
    await closeRound(this.env, this.state!.round.id, now);
    const bets = await roundBets(this.env, this.state!.round.id);
    this.arrived.clear();
    // bets D1 took whose answers had not reached the state yet: shown before the draw
    const known = new Set(this.state!.bets.map((b) => b.id));
    const late = bets.filter((b) => !known.has(b.id));
    const s = draw(this.rebuild(this.state!, bets), salt, timers, JACKPOT.commissionPercent, now);
    const d = s.draw!;
    const all = chances(s.bets);
    const losers = all.filter((c) => c.user.id !== d.winner.id).map((c) => ({ userId: c.user.id, lost: c.price }));
    const winnerChance = all.find((c) => c.user.id === d.winner.id)?.chanceBp ?? 0;
    this.state = s;
    for (const b of late) this.betFrames.add(s.round.id, b);
    await this.save([
      {
        kind: "settle",
        settle: {
          roundId: s.round.id,
          secret: s.round.secret,
          winningTicket: d.winningTicket,
          winnerId: d.winner.id,
          bank: d.bank,
          commissionDue: d.commission.due,
          commissionItemIds: d.commission.items.map((i) => i.itemId),
          commission: d.commission.taken,
          win: d.win,
          losers,
          bonusShare: Math.floor((d.bank * JACKPOT.bonusSharePercent) / 100),
          drawnAt: d.drawnAt,
          bell: { at: d.spinEndsAt, chanceBp: winnerChance },
        },
      },
    ]);
    this.betFrames.flush();
    const data = stateJson(s, this.config().settings, timers, false, Date.now()).draw!;
    this.broadcast({ event: "startJackpot", data: { draw: data, secret: s.round.secret, serverTime: Date.now() } });
    void this.outbox.drain();
  }

  private async bet(r: SetBetRequest): Promise<SetBetAnswer> {
    const { settings } = this.config();
    const s = this.state!;
    const roundId = s.round.id;
    const refused = betRefusal(s, settings, { userId: r.user.id, itemCount: r.itemIds.length }, await this.maintenance.on(), Date.now());
    if (refused) return { ok: false, message: refused };
    const betId = crypto.randomUUID();
    const now = Date.now();
    let placed: PlaceBetResult;
    try {
      placed = await placeBet(this.env, {
        roundId,
        betId,
        userId: r.user.id,
        itemIds: r.itemIds,
        session: r.session,
        minBetCents: settings.minBetCents,
        maxPlayers: settings.maxPlayers,
        maxItemsPerPlayer: settings.maxItemsPerPlayer,
        now,
      });
    } catch (err) {
      // D1 may have taken it before failing to answer: the round's bets are read again
      this.resync(roundId);
      throw err;
    }
    if (!placed.ok) return { ok: false, message: placed.message };
    const bet: JackpotBet = {
      id: betId,
      seq: placed.seq,
      user: r.user,
      items: placed.items,
      price: placed.price,
      from: placed.from,
      to: placed.to,
      createdAt: now,
    };
    this.arrived.set(bet.seq, bet);
    await this.applyArrived(roundId);
    return { ok: true, bet: toBetJson(bet) };
  }

  /**
   * Bets D1 numbered, into the state in their order: answers may come back out of order, so a
   * bet waits here until every earlier seq is in. A round that changed, or that the draw already
   * read from D1, has them all.
   */
  private async applyArrived(roundId: number): Promise<void> {
    const s0 = this.state;
    if (!s0 || s0.round.id !== roundId || s0.status > JACKPOT_SECOND) return void this.arrived.clear();
    const { settings, timers } = this.config();
    let s = s0;
    for (let next = this.arrived.get(s.bets.length + 1); next; next = this.arrived.get(s.bets.length + 1)) {
      this.arrived.delete(next.seq);
      s = acceptBet(s, next, settings, timers, next.createdAt);
      this.betFrames.add(roundId, next);
    }
    if (s === s0) return;
    this.state = s;
    await this.save();
    if (s0.status !== s.status && s.countdownEndsAt !== null) {
      this.betFrames.flush();
      this.broadcast({ event: "jackpotTimer", data: { roundId, countdownEndsAt: s.countdownEndsAt, serverTime: Date.now() } });
    }
    this.pushBank();
  }

  /** The round's bets from D1 again (after a bet whose answer was lost). */
  private resync(roundId: number): void {
    void this.exclusive(async () => {
      const s = this.state;
      if (!s || s.round.id !== roundId || s.status > JACKPOT_SECOND) return;
      this.state = this.rebuild(s, await roundBets(this.env, roundId));
      await this.save();
    }).catch((err: unknown) => console.error("jackpot room could not resync its bets", String(err)));
  }

  /** The state with these bets (from D1) in place of the stored ones, its clocks restarted as acceptBet would. */
  private rebuild(s: JackpotState, bets: JackpotBet[]): JackpotState {
    if (s.status > JACKPOT_SECOND) return s;
    const { settings, timers } = roomConfig(this.env, s.level);
    let next: JackpotState = { ...s, bets: [], status: 0, soloEndsAt: null, countdownEndsAt: null };
    for (const b of bets) next = acceptBet(next, b, settings, timers, b.createdAt);
    // a countdown already running keeps its deadline
    if (s.countdownEndsAt !== null && next.status === JACKPOT_SECOND) next = { ...next, countdownEndsAt: s.countdownEndsAt };
    return next;
  }

  /** The state (and what it owes) in one storage write, then the alarm of its deadline. */
  private async save(owed: Owed[] = []): Promise<void> {
    const s = this.state!;
    // without its bets (D1 holds them; onStart reloads them): a write per bet stays small
    await this.ctx.storage.put({ [STATE_KEY]: { ...s, bets: [] }, ...this.outbox.stage(owed) });
    const at = nextDeadline(s);
    const name = TIMER_OF[s.status];
    for (const t of TIMERS) if (t !== name && (await this.alarms.deadline(t)) !== undefined) await this.alarms.cancel(t);
    if (at === null) await this.alarms.cancel(name);
    else if ((await this.alarms.deadline(name)) !== at) await this.alarms.set(name, at);
  }

  // ── frames ────────────────────────────────────────────────────────────────
  private view(maintenance: boolean): JackpotStateJson {
    const { settings, timers } = this.config();
    return stateJson(this.state!, settings, timers, maintenance, Date.now());
  }

  private async sendInit(ws: WebSocket): Promise<void> {
    if (!this.state) return;
    this.historyCache ??= await history(this.env, this.state.level);
    const state = this.view(await this.maintenance.on());
    if (ws.readyState === WebSocket.OPEN) this.sendTo(ws, { event: "jackpotInit", data: { state, history: this.historyCache } });
  }

  private broadcast(frame: JackpotServerFrame): void {
    try {
      this.sendAll(frame);
    } catch (err) {
      console.error("jackpot room refused a frame", String(err)); // a bug; the state is already safe
    }
  }

  /** The mode bar: this level's bank (banks.ts adds the siblings' and throttles). */
  private pushBank(): void {
    const s = this.state;
    if (!s) return;
    this.bankPush ??= jackpotBankPush(this.env, s.level);
    this.bankPush.push(totalTickets(s.bets));
  }
}
