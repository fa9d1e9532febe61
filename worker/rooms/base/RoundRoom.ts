// The round-room driver (docs/architecture.md "How to add a game room"): the whole lifecycle of a game room,
// so a game's Durable Object is its handlers only. A game (round-game.ts) gives its pure step, its
// state's storage, its D1 calls and its views; the driver
// - starts lazily in every entry point and retries a failed start (base/Room.ts ready()), restoring
//   the stored state and catching it up with the clock (the restore event), refunding the bets D1
//   took that the room never recorded, or opening the first round;
// - runs step() at the server's clock and commits its effects: the state and what it owes D1 in ONE
//   storage write (the outbox), the named timers, the frames (bet rows coalesced), the bank;
// - turns due timers into events (a seed, D1's bets: RoundGame.dueEvent), catches up on entry,
//   and starts the next round of a room left idle when someone comes back;
// - pushes the mode bar's bank at most once a second, the last change from its "bank" alarm.
import type { BankPush } from "../../lib/bank-push";
import { MaintenanceFlag } from "../../lib/maintenance-flag";
import { RoomOutbox } from "./outbox";
import type { EffectOf, Outcome, RoomEffect, RoundGame, RoundTypes } from "./round-game";
import { BoardDiff } from "./board";
import { BetRowThrottle } from "./row-throttle";
import { Room, type BaseAttachment } from "./Room";
import { isRoomEffect, storageEffects } from "./step-effects";

interface Parts<T extends RoundTypes> {
  outbox: RoomOutbox<T["row"], T["settlement"]>;
  /** the rows frames, or (a game with a board) the board's: poked by a change, sent at most once a window */
  rows: BetRowThrottle<T["betRow"]>;
  board: BoardDiff<T["betRow"]>;
  bank: BankPush;
}

export abstract class RoundRoom<T extends RoundTypes, A extends BaseAttachment = BaseAttachment> extends Room<
  T["client"],
  T["server"],
  A,
  T["timer"] | "bank"
> {
  /** the game this room runs (a field of the shell: it may use `this.env` and `this.ctx`) */
  protected abstract readonly game: RoundGame<T>;
  protected readonly maintenance = new MaintenanceFlag(this.env);
  private current: T["state"] | undefined;
  private opening: Promise<void> | undefined;
  private built: Parts<T> | undefined;
  /** the last rows frame a step broadcast: the coalesced rows leave in its shape */
  private latestRows: T["server"] | undefined;

  // ── the state ─────────────────────────────────────────────────────────────
  /** The current state; only after round() or wake() (throws before the room has a round). */
  protected get state(): T["state"] {
    if (this.current === undefined) throw new Error(`the ${this.game.name} room has no round yet`);
    return this.current;
  }

  /** Started, with a round: the first one opened now if nothing was stored (retried after a failure). */
  protected async round(): Promise<T["state"]> {
    await this.ready();
    if (this.current === undefined) {
      this.opening ??= this.open().finally(() => {
        this.opening = undefined;
      });
      await this.opening;
    }
    return this.state;
  }

  /**
   * round(), caught up for an entry point (a socket joining, an RPC): timers already due run now
   * (an alarm the runtime has not delivered yet, or dropped), and a room left idle after its last
   * round starts the next one.
   */
  protected async wake(): Promise<T["state"]> {
    await this.round();
    const now = Date.now();
    for (const name of this.game.timers) {
      const at = await this.alarms.deadline(name);
      if (at !== undefined && at <= now) {
        await this.alarm();
        break;
      }
    }
    const idle = this.game.idle;
    if (idle?.finished(this.state, now) && (await this.alarms.deadline(idle.timer)) === undefined) {
      const event = await this.game.dueEvent(idle.timer, this.state, true);
      if (event) await this.run(event);
    }
    return this.state;
  }

  /** Whether the room has a round (a jackpot level no call has named yet has none). */
  protected hasRound(): boolean {
    return this.current !== undefined;
  }

  protected get outbox(): RoomOutbox<T["row"], T["settlement"]> {
    return this.parts().outbox;
  }

  // ── lifecycle ─────────────────────────────────────────────────────────────
  /** The stored state caught up with the clock, its orphans refunded and its outbox drained; or the first round. */
  protected async onStart(): Promise<void> {
    const stored = await this.game.store.load();
    if (stored === undefined) return this.open();
    this.current = stored;
    await this.run(this.game.restore);
    const orphans = await this.game.orphans?.(this.state, await this.outbox.owed());
    if (orphans && orphans.length > 0) await this.commit(orphans.map((settlement) => ({ type: "settle", settlement })));
    await this.outbox.drain();
  }

  /** The first round of a room with nothing stored (continuing after the rounds D1 has). */
  private async open(): Promise<void> {
    const first = await this.game.firstState();
    if (first === undefined || this.current !== undefined) return;
    this.current = first;
    await this.commit([{ type: "persist", round: this.game.roundRow(first) }]);
    await this.run(this.game.restore); // arms its timers
  }

  protected async onJoin(ws: WebSocket): Promise<void> {
    await this.sendInit(ws);
    await this.wake();
  }

  /** The round again, now as this identity sees it (its own bets). */
  protected async onIdentified(ws: WebSocket): Promise<void> {
    await this.sendInit(ws);
  }

  protected async onAlarm(name: T["timer"] | "bank"): Promise<void> {
    const state = await this.round();
    if (name === "bank") return this.parts().bank.push(this.game.bank(state));
    const event = await this.game.dueEvent(name, state, this.audience() > 0);
    if (event) await this.run(event, undefined, undefined, true);
    await this.profile.time("outbox:drain", () => this.outbox.drain());
  }

  /** A game's own effect (RoundTypes.custom); a game with none never gets here. */
  protected onEffect(effect: T["custom"]): void | Promise<void> {
    throw new TypeError(`the ${this.game.name} room has no handler for effect ${effect.type}`);
  }

  // ── steps ─────────────────────────────────────────────────────────────────
  /**
   * step() against the current state at the server's clock, then its effects; `ws` gets the
   * replies; `stepped` is called once the state is decided; `timed`: a timer's step (the spin, the
   * stop, the crash, the draw), whose frames leave before its drain starts.
   */
  protected async run(event: T["event"], ws?: WebSocket, stepped?: () => void, timed = false): Promise<Outcome<T["key"]> | undefined> {
    const ctx = await this.profile.time("step:context", () => this.game.context(this.state));
    const result = this.game.step(this.state, event, Date.now(), ctx);
    this.current = result.state;
    stepped?.(); // decided: its writes, frames and drain follow
    await this.commit(result.effects, ws, this.game.quiet?.(event) ?? false, true, timed);
    return result.outcome;
  }

  /**
   * The state and owed D1 writes in one storage write, then the timers, the frames, the game's
   * effects, the bank and the drain. A step's schedule effects are its complete timer set (none:
   * no timer); effects that are no step's (a refund, the first round's row) leave the timers be.
   */
  protected async commit(effects: readonly EffectOf<T>[], ws?: WebSocket, quiet = false, step = false, timed = false): Promise<void> {
    const { owed, timers } = storageEffects<T["row"], T["settlement"], T["timer"]>(effects);
    if (!quiet || owed.length > 0) await this.profile.time("commit:save", () => this.game.store.save(this.state, this.outbox.stage(owed)));
    if (timers || step) await this.profile.time("commit:timers", () => this.alarms.setExactly(this.game.timers, timers ?? new Map()));
    this.frames(effects, ws);
    for (const e of effects) if (!isRoomEffect(e)) await this.profile.time(`effect:${e.type}`, () => this.onEffect(e as T["custom"]));
    this.parts().bank.push(this.game.bank(this.state));
    if (owed.length > 0) {
      // a timer's frames leave before the drain's D1 and storage work starts: a drain begun in
      // the same turn held the round's frame behind it (the wheel's stop frame reached its 1000
      // sockets in 176 ms, 73 ms after this yield; docs/benchmarks.md "Where the targets stand").
      // Not for a player's step: its drain goes first, so a read right after the answer sees it.
      if (timed && effects.some((e) => e.type === "broadcast")) await new Promise((resolve) => setTimeout(resolve, 0));
      await this.profile.time("outbox:drain", () => this.outbox.drain());
    }
  }

  /**
   * A bet whose items D1 locks first (`lock`, against the round the rules saw): the round's row
   * is in D1 before it; if the round moved on while D1 answered, the items go back (`refund`) and
   * the answer is "moved".
   */
  protected async lockFor<P extends { ok: boolean }>(roundId: number, lock: () => Promise<P>, refund: T["settlement"]): Promise<P | "moved"> {
    await this.profile.time("bet:outbox-wait", () => this.outbox.idle());
    const placed = await this.profile.time("bet:lock", lock);
    if (!placed.ok || this.state.round.id === roundId) return placed;
    await this.commit([{ type: "settle", settlement: refund }]);
    return "moved";
  }

  /** A visitor's init for the relays' watchers (a game whose visitor init is synchronous). */
  protected override async watcherInit(): Promise<() => T["server"]> {
    const maintenance = await this.maintenance.on();
    await this.wake(); // a room left idle starts its next round for the relay's first watcher
    return () => {
      const frame = this.game.initFrame(this.state, null, maintenance, Date.now());
      if (frame instanceof Promise) throw new Error(`the ${this.game.name} room's visitor init is not synchronous`);
      return frame;
    };
  }

  protected async sendInit(ws: WebSocket): Promise<void> {
    const state = await this.round();
    const frame = await this.game.initFrame(state, this.attachment(ws).userId, await this.maintenance.on(), Date.now());
    if (ws.readyState === WebSocket.OPEN) this.sendTo(ws, frame);
  }

  // ── frames ────────────────────────────────────────────────────────────────
  /**
   * A step's frames in order; its bet rows go to the throttle after them (the crash frame is not
   * queued behind the rows of a thousand lost bets), and rows of earlier steps leave before any
   * other broadcast.
   */
  private frames(effects: readonly EffectOf<T>[], ws: WebSocket | undefined): void {
    const rows: T["betRow"][] = [];
    let rowsFrame: T["server"] | undefined;
    for (const effect of effects) {
      if (!isRoomEffect(effect)) continue;
      const e = effect as RoomEffect<T["server"], T["row"], T["settlement"], T["timer"]>;
      try {
        if (e.type === "reply" && ws) this.sendTo(ws, e.frame);
        else if (e.type === "send") for (const socket of this.socketsOf(e.userId)) this.sendTo(socket, e.frame);
        else if (e.type === "broadcast") {
          const carried = this.game.rows.rowsOf(e.frame);
          if (carried) {
            rows.push(...carried);
            rowsFrame = e.frame;
          } else {
            // a board is the round's state when it leaves, never stale: it need not go first
            if (!this.game.rows.board) this.parts().rows.flush();
            this.sendAll(e.frame);
          }
        }
      } catch (err) {
        console.error(`${this.game.name} room refused a frame`, String(err)); // a bug; the state is already safe
      }
    }
    if (rowsFrame !== undefined) {
      this.latestRows = rowsFrame;
      if (this.game.rows.board) {
        try {
          this.toOwners(rowsFrame, rows);
        } catch (err) {
          console.error(`${this.game.name} room refused a frame`, String(err)); // a bug; the state is already safe
        }
      }
      this.parts().rows.add(this.game.rows.board ? [] : rows, true);
    }
  }

  /** Each row to its owner's sockets alone (a game with a board). */
  private toOwners(latest: T["server"], rows: readonly T["betRow"][]): void {
    const board = this.game.rows.board;
    if (!board) return;
    const byOwner = new Map<number, T["betRow"][]>();
    for (const row of rows) {
      const owner = board.ownerOf(row);
      byOwner.set(owner, [...(byOwner.get(owner) ?? []), row]);
    }
    for (const [owner, own] of byOwner) {
      const sockets = this.socketsOf(owner);
      if (sockets.length === 0) continue;
      const frame = this.game.rows.withRows(latest, own);
      for (const ws of sockets) this.sendTo(ws, frame);
    }
  }

  private sendBoard(): void {
    const board = this.game.rows.board;
    if (!board || this.current === undefined) return;
    try {
      const state = this.current;
      this.sendAll(board.frame(state, this.parts().board.next(board.roundOf(state), board.top(state))));
    } catch (err) {
      console.error(`${this.game.name} room refused a frame`, String(err)); // a bug; the state is already safe
    }
  }

  private sendRows(rows: T["betRow"][]): void {
    if (this.latestRows === undefined) return;
    try {
      this.sendAll(this.game.rows.withRows(this.latestRows, rows));
    } catch (err) {
      console.error(`${this.game.name} room refused a frame`, String(err)); // a bug; the state is already safe
    }
  }

  private parts(): Parts<T> {
    this.built ??= {
      outbox: new RoomOutbox(this.ctx.storage, this.env, this.game.settler, this.game.name),
      rows: new BetRowThrottle<T["betRow"]>(
        (rows) => (this.game.rows.board ? this.sendBoard() : this.sendRows(rows)),
        this.game.rows.board?.windowMs ?? this.game.rows.windowMs,
        this.game.rows.perFrame,
        undefined,
        undefined,
        this.game.rows.board ? true : this.game.rows.leading,
      ),
      board: new BoardDiff<T["betRow"]>(),
      bank: this.game.bankPush((at) => {
        this.alarms.set("bank", at).catch((err: unknown) => console.error(`${this.game.name} room could not set the bank alarm`, String(err)));
      }),
    };
    return this.built;
  }
}
