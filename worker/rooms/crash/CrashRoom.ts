// The crash room (/ws/crash): the game's handlers on the round-room driver (base/RoundRoom.ts runs
// the lifecycle, game.ts gives the game to it). Bets and cash-outs arrive as socket frames; the
// admin tools by RPC and, with the dev flag, by frame.
import { toHundredths, type Hundredths } from "../../../shared/crash-curve";
import { CRASH } from "../../../shared/constants";
import { toCents } from "../../../shared/money";
import { exhaustive } from "../../../shared/rooms/frame";
import { crashProtocol, type CrashClientFrame } from "../../../shared/rooms/crash";
import { writeAudit } from "../../lib/audit";
import { pushBalance } from "../../lib/notify";
import type { Identity } from "../base/identity";
import type { BaseAttachment, OwnFrame } from "../base/Room";
import { BetGroups } from "../base/bet-groups";
import { RoundRoom } from "../base/RoundRoom";
import { RelayOutlet } from "../base/relay-outlet";
import { relayRoom } from "../relay/stub";
import type { CrashEvent, CrashTypes } from "./effects";
import { crashGame } from "./game";
import { betRefusal, type CrashKey, cashOutRefusal } from "./rules";
import type { ProtectionRefusal } from "../../protection/guards";
import { mayTwist, SessionChecks } from "./services";
import { crashTimeOf } from "./running";
import { placeBet } from "./settlement";
import type { BetUser } from "./state";

export interface CrashAttachment extends BaseAttachment {
  /** how the bet rows show this socket's user (null for a visitor) */
  user: BetUser | null;
}

type NewBet = Extract<CrashClientFrame, { event: "newBet" }>["data"];

export class CrashRoom extends RoundRoom<CrashTypes, CrashAttachment> {
  protected readonly protocol = crashProtocol;
  protected readonly game = crashGame(this.env, this.ctx.storage);
  /** bets that arrive together go to D1 in one batch */
  private readonly betGroups = new BetGroups(this.env, CRASH.betsPerBatch);
  /**
   * Takes between their arrival and their step (the session read in flight): any other step
   * waits for them, so the crash cannot overtake a take that reached the room before it.
   */
  private readonly takes = new Set<Promise<void>>();
  /** the cash-outs' session reads, those that arrive together in one read */
  private readonly sessions = new SessionChecks(this.env);
  /** watchers on relays (RELAY_SOCKETS; docs/relay.md): one frame per relay */
  protected override readonly relays = new RelayOutlet(this.ctx.storage, (name, batch) => relayRoom(this.env, name).deliver(batch));

  // ── RPC (admin routes) ────────────────────────────────────────────────────
  /** dev: crash the round now; production: emergency stop (void, refund every bet). */
  async adminStop(mode: "crash" | "void"): Promise<{ ok: true; roundId: number } | { ok: false; key: "crash_api.game_over" }> {
    const roundId = (await this.round()).round.id;
    const outcome = await this.run({ type: "forceCrash", mode: mode === "crash" ? "dev" : "production" });
    // crashNow / voidRound refuse only a round that has already crashed
    return outcome?.ok === false ? { ok: false, key: "crash_api.game_over" } : { ok: true, roundId };
  }

  /** dev: the next round crashes at `nextCrash` hundredths (not provably fair). */
  async scheduleTwist(nextCrash: Hundredths): Promise<{ roundId: number }> {
    await this.round();
    await this.run({ type: "twist", nextCrash });
    return { roundId: this.state.round.id + 1 };
  }

  /** A step other than a take waits for the takes in flight (their session read, then their step). */
  protected override async run(
    event: CrashEvent,
    ws?: WebSocket,
    stepped?: () => void,
    timed = false,
  ): ReturnType<RoundRoom<CrashTypes, CrashAttachment>["run"]> {
    if (event.type !== "cashOut" && this.takes.size > 0) await Promise.all(this.takes);
    return super.run(event, ws, stepped, timed);
  }

  // ── sockets ───────────────────────────────────────────────────────────────
  protected newAttachment(_request: Request, base: BaseAttachment): CrashAttachment {
    return { ...base, user: null };
  }

  /** Bet rows show the identified user by name and avatar. */
  protected identified(a: CrashAttachment, identity: Identity): CrashAttachment {
    return { ...a, user: identity.kind === "user" ? identity.user : null };
  }

  protected async onFrame(ws: WebSocket, frame: OwnFrame<CrashClientFrame>, a: CrashAttachment): Promise<void> {
    switch (frame.event) {
      case "newBet":
        return this.safely(ws, "errorBet", () => this.bet(ws, a, frame.data));
      case "take": {
        const at = Date.now(); // the take is priced at its arrival
        return this.safely(ws, "errorTake", () => this.cashOut(ws, a, frame.data.betId, at));
      }
      case "twistCrash":
        return this.twist(ws, a, frame.data.nextCrash);
      case "getGame":
        // the round page reads /api/crash/getGame; on the socket it resynchronises the client
        return this.sendInit(ws);
      default:
        return exhaustive(frame);
    }
  }

  // ── handlers ──────────────────────────────────────────────────────────────
  /** The rules first (cheap, nothing locked); the items locked in D1; step() checks the rules again. */
  private async bet(ws: WebSocket, a: CrashAttachment, data: NewBet): Promise<void> {
    const autoWithdraw = toHundredths(data.autoWithdraw);
    const value = toCents(data.value ?? 0);
    const maintenance = await this.maintenance.on();
    const s = await this.round();
    const refused = betRefusal(s, { user: a.user, itemIds: data.items, value, autoWithdraw }, maintenance, Date.now());
    if (refused || !a.user || !a.session) return this.refuse(ws, "errorBet", refused ?? "crash_api.unauthorized");
    const { user, session } = a;
    const roundId = s.round.id;
    const betId = crypto.randomUUID();
    const placed = await this.lockFor(
      roundId,
      () =>
        placeBet(this.env, { betId, roundId, userId: user.id, itemIds: data.items, value, autoWithdraw, now: Date.now(), session }, (_env, b) =>
          this.betGroups.place(b),
        ),
      { kind: "refund", roundId, betId, userId: user.id, value },
    );
    if (placed === "moved") return this.refuse(ws, "errorBet", "crash_api.game_started");
    if (!placed.ok) return this.refuse(ws, "errorBet", placed.message);
    await this.run({ type: "placeBet", bet: { id: betId, user, items: placed.items, value, autoWithdraw }, maintenance, locked: true }, ws);
    // the balance part left the balance: every tab's header shows it (a refused bet is refunded and told by the outbox)
    if (value > 0) await pushBalance(this.env, user.id);
  }

  /**
   * A manual cash-out, once D1 says the socket's session is still live and its user not banned
   * (a banned player's live bet settles as the round decides: auto-withdraw at its target, a
   * manual one loses at the crash). A cash-out the rules refuse anyway (a duplicate, too late)
   * costs no read: step() answers it. It is priced at its arrival, and the crash waits for it.
   */
  private async cashOut(ws: WebSocket, a: CrashAttachment, betId: string, at: number): Promise<void> {
    const state = await this.round();
    // held from here until the take's step has decided it (not through its writes and drain)
    let decided!: () => void;
    const held = new Promise<void>((resolve) => {
      decided = resolve;
    });
    this.takes.add(held);
    try {
      if (!cashOutRefusal(state, a.userId, betId) && a.userId !== null) {
        const userId = a.userId;
        const refused = await this.profile.time("take:session", () => this.sessions.check(userId, a.session));
        if (refused) return this.refuse(ws, "errorTake", refused);
      }
      const outcome = await this.run({ type: "cashOut", userId: a.userId, betId, at }, ws, () => {
        this.takes.delete(held);
        decided();
      });
      // what the bench checks: none should be refused as too late that reached the room in time
      if (outcome?.ok === false && outcome.key === "crash_api.game_over" && this.state.round.id === state.round.id && at < crashTimeOf(this.state)) {
        this.profile.add("take:refused though it arrived before the crash", 0);
      }
    } finally {
      this.takes.delete(held);
      decided();
    }
  }

  /** Admin socket tools (dev flag only, checked against D1 every time): crash now / next point. */
  private async twist(ws: WebSocket, a: CrashAttachment, nextCrash: number | undefined): Promise<void> {
    if (a.userId === null || !(await mayTwist(this.env, a.userId))) return this.refuse(ws, "error", "crash_api.forbidden");
    const event: CrashEvent = nextCrash === undefined ? { type: "forceCrash", mode: "dev" } : { type: "twist", nextCrash: toHundredths(nextCrash) };
    await this.round();
    const outcome = await this.run(event, ws);
    if (outcome?.ok === false) return this.refuse(ws, "error", outcome.key);
    await writeAudit(this.env, {
      actorId: a.userId,
      action: nextCrash === undefined ? "crash.force_crash" : "crash.schedule_twist",
      details: { nextCrash: nextCrash ?? null, roundId: this.state.round.id },
    });
  }

  /** A command that failed inside (D1 down, ...) is answered, never left hanging. */
  private async safely(ws: WebSocket, answer: "errorBet" | "errorTake", command: () => Promise<void>): Promise<void> {
    try {
      await command();
    } catch (err) {
      console.error(`crash ${answer === "errorBet" ? "bet" : "cash-out"} failed`, String(err));
      this.refuse(ws, answer, "app_error.load");
    }
  }

  private refuse(ws: WebSocket, event: "errorBet" | "errorTake" | "error", message: CrashKey | "user_api.banned" | ProtectionRefusal | "app_error.load"): void {
    this.sendTo(ws, { event, data: { message } });
  }
}
