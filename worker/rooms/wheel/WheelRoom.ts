// The wheel room (/ws/wheel): the game's handlers on the round-room driver (base/RoundRoom.ts runs
// the lifecycle, game.ts gives the game to it). Bets arrive by RPC from POST /api/wheel/setBet;
// sockets only watch.
import type { WheelBetPublic, WheelState as WheelStateJson } from "../../../shared/api/wheel";
import { exhaustive } from "../../../shared/rooms/frame";
import { wheelProtocol, type WheelClientFrame } from "../../../shared/rooms/wheel";
import { WHEEL } from "../../../shared/constants";
import { BetGroups } from "../base/bet-groups";
import type { BaseAttachment, OwnFrame } from "../base/Room";
import { RoundRoom } from "../base/RoundRoom";
import type { WheelTypes } from "./effects";
import { wheelGame } from "./game";
import { betRefusal, isColour, nearCap, valueRefusal, type WheelKey } from "./rules";
import { availableItems, placeBet } from "./settlement";
import type { BetUser } from "./state";
import { toBetPublic, wheelView } from "./views";

export interface SetBetRequest {
  user: BetUser;
  /** the caller's session token hash: the bet lands only while it is live */
  session: string;
  /** as sent (rules.ts: anything but a colour is wheel_api.no_colour) */
  colour: string | null | undefined;
  itemIds: number[];
  /** the part staked from the balance, cents */
  value: number;
}

export type SetBetResult = { ok: true; bet: WheelBetPublic } | { ok: false; key: WheelKey };

export class WheelRoom extends RoundRoom<WheelTypes> {
  protected readonly protocol = wheelProtocol;
  protected readonly game = wheelGame(this.env, this.ctx.storage);
  /** bets that arrive together go to D1 in one batch */
  private readonly betGroups = new BetGroups(this.env, WHEEL.betsPerBatch);

  // ── RPC (worker/api/wheel/routes.ts) ──────────────────────────────────────
  /** POST /api/wheel/setBet: the rules, the items locked in D1, then the bet in the round. */
  async setBet(req: SetBetRequest): Promise<SetBetResult> {
    const s = await this.profile.time("setBet:wake", () => this.wake());
    const maintenance = await this.maintenance.on();
    const refused = betRefusal(s, { user: req.user, colour: req.colour, itemIds: req.itemIds, value: req.value }, maintenance, Date.now());
    if (refused) return { ok: false, key: refused };
    const colour = isColour(req.colour) ? req.colour : "black"; // checked by betRefusal
    const { maxPayoutCents } = await this.game.context(s);
    if (nearCap(s, colour, maxPayoutCents)) {
      const items = await availableItems(this.env, req.user.id, req.itemIds);
      if (items.length !== req.itemIds.length) return { ok: false, key: "wheel_api.item_not_found" };
      const tooMuch = valueRefusal(
        s,
        colour,
        items.reduce((sum, i) => sum + i.price, req.value),
        maxPayoutCents,
      );
      if (tooMuch) return { ok: false, key: tooMuch };
    }
    const roundId = s.round.id;
    const betId = crypto.randomUUID();
    const placed = await this.lockFor(
      roundId,
      () =>
        placeBet(
          this.env,
          { betId, roundId, userId: req.user.id, session: req.session, colour, itemIds: req.itemIds, value: req.value, now: Date.now() },
          (_env, b) => this.betGroups.place(b),
        ),
      { kind: "refund", roundId, betId, userId: req.user.id, value: req.value },
    );
    if (placed === "moved") return { ok: false, key: "wheel_api.already_started" };
    if (!placed.ok) return { ok: false, key: placed.message };
    const outcome = await this.run({
      type: "placeBet",
      bet: { id: betId, user: req.user, colour, items: placed.items, value: req.value },
      maintenance,
      locked: true,
    });
    if (outcome?.ok === false) return { ok: false, key: outcome.key };
    const bet = this.state.bets.find((b) => b.id === betId);
    return bet ? { ok: true, bet: toBetPublic(bet) } : { ok: false, key: "wheel_api.already_started" };
  }

  /** POST /api/wheel/get: the round as now, with the caller's own bets. */
  async view(userId: number | null): Promise<WheelStateJson> {
    const s = await this.wake();
    return wheelView(s, userId, await this.maintenance.on(), Date.now());
  }

  protected newAttachment(_request: Request, base: BaseAttachment): BaseAttachment {
    return base;
  }

  protected onFrame(_ws: WebSocket, frame: OwnFrame<WheelClientFrame>): void {
    // identity and ping are the shell's; the wheel takes its bets over HTTP
    exhaustive(frame);
  }
}
