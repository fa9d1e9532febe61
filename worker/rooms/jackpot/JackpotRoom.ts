// A jackpot room (/ws/jackpot?level=…, docs/games.md "Jackpot"): one instance per level, the game's
// handlers on the round-room driver (base/RoundRoom.ts runs the lifecycle, game.ts gives the game
// to it). Bets arrive by RPC from POST /api/jackpot/setBet and run concurrently: each is numbered
// (seq, tickets) inside its own D1 batch, and the step takes them in seq order.
import type { JackpotBetJson, JackpotBetsAnswer, JackpotStateJson } from "../../../shared/api/jackpot";
import { JACKPOT, type JackpotLevel } from "../../../shared/constants";
import { errorBody } from "../../../shared/errors";
import { exhaustive } from "../../../shared/rooms/frame";
import { jackpotProtocol, type JackpotClientFrame } from "../../../shared/rooms/jackpot";
import { toBetJson, toChanceJson } from "../../jackpot/present";
import { roundBets } from "../../jackpot/queries";
import { chances, totalTickets } from "../../jackpot/tickets";
import type { BetUser } from "../../jackpot/types";
import { pushNotification } from "../../lib/notify";
import { BetGroups } from "../base/bet-groups";
import type { BaseAttachment, OwnFrame } from "../base/Room";
import { RoundRoom } from "../base/RoundRoom";
import type { JackpotTypes, Ring } from "./effects";
import { jackpotGame } from "./game";
import { betRefusal, type JackpotKey } from "./logic";
import { roomConfig } from "./seeds";
import { placeBet, type PlaceBetRefusal, winBell } from "./settlement";
import { isLevel } from "./stub";
import { stateJson } from "./views";

export type SetBetAnswer = { ok: true; bet: JackpotBetJson } | { ok: false; message: JackpotKey | PlaceBetRefusal };

export interface SetBetRequest {
  user: BetUser;
  /** the caller's session token hash: the bet lands only while it is live */
  session: string;
  itemIds: number[];
  /** the part staked from the balance, cents */
  value: number;
}

export class JackpotRoom extends RoundRoom<JackpotTypes> {
  protected readonly protocol = jackpotProtocol;
  /** the level a call named (a restored state knows its own) */
  private level: JackpotLevel | undefined;
  /** bets that arrive while a bet batch is in flight go to D1 together in the next one */
  private readonly betGroups = new BetGroups(this.env, JACKPOT.betsPerBatch);
  protected readonly game = jackpotGame(this.env, this.ctx.storage, () => (this.hasRound() ? this.state.level : this.level));

  // ── RPC (worker/api/jackpot/routes.ts, the sibling levels) ───────────────
  /** The level's whole state (POST /api/jackpot/get). */
  async getState(level: JackpotLevel): Promise<JackpotStateJson> {
    this.level ??= level;
    const s = await this.wake();
    const { settings, timers } = roomConfig(this.env, s.level);
    return stateJson(s, settings, timers, await this.maintenance.on(), Date.now());
  }

  /** Every bet of the current round, in bet order, and each player's chance (POST /api/jackpot/bets: the board's "Show all"). */
  async allBets(level: JackpotLevel): Promise<JackpotBetsAnswer> {
    this.level ??= level;
    const s = await this.wake();
    return { roundId: s.round.id, bets: s.bets.map(toBetJson), chances: chances(s.bets).map(toChanceJson) };
  }

  /**
   * A bet (POST /api/jackpot/setBet): the rules on the state, then ONE D1 batch that locks the
   * items and numbers the bet (bets run concurrently: D1's commit order is the bet order; bets
   * that arrive while a batch is in flight share the next one, each with its own guards), then
   * the state.
   */
  async setBet(level: JackpotLevel, r: SetBetRequest): Promise<SetBetAnswer> {
    this.level ??= level;
    const seen = (await this.round()).round.id;
    const s = await this.profile.time("setBet:wake", () => this.wake());
    // the round the player saw ended while the bet waited behind its draw: not the next round's bet
    if (s.round.id !== seen) return { ok: false, message: "jackpot_api.round_closed" };
    const { settings } = roomConfig(this.env, s.level);
    const refused = betRefusal(s, settings, { userId: r.user.id, itemCount: r.itemIds.length, value: r.value }, await this.maintenance.on(), Date.now());
    if (refused) return { ok: false, message: refused };
    await this.outbox.idle(); // the round's row is in D1 before its bets
    const betId = crypto.randomUUID();
    const now = Date.now();
    const bet = { roundId: seen, betId, userId: r.user.id, itemIds: r.itemIds, value: r.value, session: r.session, now };
    const limits = { minBetCents: settings.minBetCents, maxPlayers: settings.maxPlayers, maxItemsPerPlayer: settings.maxItemsPerPlayer };
    const placed = await this.profile
      .time("setBet:d1 batch", () => placeBet(this.env, { ...bet, ...limits }, (_env, b) => this.betGroups.place(b)))
      .catch(async (err: unknown) => {
        // D1 may have taken it before failing to answer: the round's bets are read again
        await this.run({ type: "bets", roundId: seen, bets: await roundBets(this.env, seen) }).catch(() => undefined);
        throw err;
      });
    if (!placed.ok) return { ok: false, message: placed.message };
    const taken = {
      id: betId,
      seq: placed.seq,
      user: r.user,
      items: placed.items,
      value: placed.value,
      price: placed.price,
      from: placed.from,
      to: placed.to,
      createdAt: now,
    };
    await this.profile.time("setBet:step", () => this.run({ type: "bet", roundId: seen, bet: taken }));
    return { ok: true, bet: toBetJson(taken) };
  }

  /** This level's bank in cents (the siblings sum the three for the mode bar); 0 before its first round. */
  async bank(): Promise<number> {
    await this.ready();
    return this.hasRound() ? totalTickets(this.state.bets) : 0;
  }

  // ── sockets ───────────────────────────────────────────────────────────────
  async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade")?.toLowerCase() === "websocket") {
      const level = new URL(request.url).searchParams.get("level");
      if (!isLevel(level)) return Response.json(errorBody("app_api.invalid_request"), { status: 400 });
      this.level ??= level;
    }
    return super.fetch(request);
  }

  protected newAttachment(_request: Request, base: BaseAttachment): BaseAttachment {
    return base;
  }

  protected onFrame(_ws: WebSocket, frame: OwnFrame<JackpotClientFrame>): never {
    // identity and ping are the shell's; a jackpot client sends nothing else (bets are POSTs)
    exhaustive(frame);
  }

  /**
   * The spinner stopped on the winner: his jackpot_win bell (written with the settlement, dated
   * then) goes live. The settlement normally landed seconds ago; if D1 had not taken it yet the
   * bell shows in the list once it does, without a push.
   */
  protected async onEffect(ring: Ring): Promise<void> {
    await this.outbox.idle();
    await pushNotification(this.env, ring.userId, await winBell(this.env, ring.userId, ring.at));
  }
}
