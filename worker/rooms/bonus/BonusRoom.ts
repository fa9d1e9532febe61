// The bonus pool's room (/ws/bonus; docs/games.md "Bonus pool"): its handlers on the round-room driver
// (base/RoundRoom.ts runs the lifecycle, game.ts gives the pool to it). Players join by RPC from
// POST /api/jackpot-bonus/join after the API checked the conditions; the game rooms tell it when
// a bonus share landed (lib/bonus-feed.ts); sockets only watch.
import type { BonusRoundLive } from "../../../shared/api/bonus";
import { exhaustive } from "../../../shared/rooms/frame";
import { bonusProtocol, type BonusClientFrame } from "../../../shared/rooms/bonus";
import type { BaseAttachment, OwnFrame } from "../base/Room";
import { RoundRoom } from "../base/RoundRoom";
import type { BonusTypes } from "./effects";
import { bonusGame } from "./game";
import { hasJoined, joinRound, roundNumbers } from "./settlement";
import { liveRound } from "./views";

export type JoinAnswer = { ok: true; roundId: number; participants: number } | { ok: false; key: "bonus_api.round_closed" | "user_api.excluded" };

export class BonusRoom extends RoundRoom<BonusTypes> {
  protected readonly protocol = bonusProtocol;
  protected readonly game = bonusGame(this.env, this.ctx.storage);

  // ── RPC ───────────────────────────────────────────────────────────────────
  /** A bonus share landed in D1: the open round's bank as D1 has it now (the timer may start). */
  async fed(): Promise<void> {
    const s = await this.wake();
    const numbers = await roundNumbers(this.env, s.round.id);
    if (numbers) await this.run({ type: "numbers", ...numbers });
  }

  /**
   * POST /api/jackpot-bonus/join (the conditions already checked): the player in the open round,
   * once; a round closing meanwhile is refused (round_closed: the next one is open a moment later).
   */
  async join(userId: number): Promise<JoinAnswer> {
    const s = await this.wake();
    await this.outbox.drain(); // the round's row is in D1 before a join
    const joined = await joinRound(this.env, s.round.id, userId, Date.now());
    if (!joined.joined) return { ok: false, key: joined.reason === "excluded" ? "user_api.excluded" : "bonus_api.round_closed" };
    await this.run({ type: "numbers", ...joined.numbers });
    return { ok: true, roundId: joined.numbers.roundId, participants: joined.numbers.participants };
  }

  /** GET /api/jackpot-bonus/get-conditions: the open round, and whether the player is in it. */
  async view(userId: number): Promise<{ round: BonusRoundLive; joined: boolean }> {
    const s = await this.wake();
    return { round: liveRound(s, Date.now()), joined: await hasJoined(this.env, s.round.id, userId) };
  }

  /**
   * A logout or a ban reaches every room (rooms/live-rooms.ts). With no socket here there is
   * nothing to end, and no reason to start the room (its first start walks the chain and opens a
   * round): a socket accepted later identifies against D1, where the session is already over.
   */
  override async endSessions(
    target: Parameters<RoundRoom<BonusTypes>["endSessions"]>[0],
    why: Parameters<RoundRoom<BonusTypes>["endSessions"]>[1],
  ): Promise<number> {
    if (this.ctx.getWebSockets().length === 0) return 0;
    return super.endSessions(target, why);
  }

  /**
   * After a draw, D1's numbers of the round it opened: a share that landed between the close's read
   * of the next bank and the draw's step told fed() about a round that was not the room's yet.
   */
  protected override async onAlarm(name: Parameters<RoundRoom<BonusTypes>["onAlarm"]>[0]): Promise<void> {
    const before = (await this.round()).round.id;
    await super.onAlarm(name);
    const s = await this.round();
    if (s.round.id === before) return;
    const numbers = await roundNumbers(this.env, s.round.id);
    if (numbers) await this.run({ type: "numbers", ...numbers });
  }

  protected newAttachment(_request: Request, base: BaseAttachment): BaseAttachment {
    return base;
  }

  protected onFrame(_ws: WebSocket, frame: OwnFrame<BonusClientFrame>): void {
    // identity and ping are the shell's; joining is HTTP
    exhaustive(frame);
  }
}
