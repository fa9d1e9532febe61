// The site hub (/ws/hub, docs/api.md "Sockets"): one DO instance named "hub" that every tab keeps a socket
// to. It tracks who is online and relays the site-wide and per-user frames that the worker and the
// other rooms push by RPC through worker/rooms/hub.ts (notifyUser, broadcast, setMaintenance).
// The counts derive from the open sockets' attachments; the only thing it stores is the last bank
// of each game (the rooms push a bank only when it changes, so a newcomer learns them from here).
import { HUB } from "../../../shared/constants";
import { exhaustive } from "../../../shared/rooms/frame";
import type { DataOf } from "../../../shared/rooms/frame";
import { hubProtocol, type HubClientFrame, type HubServerFrame, type OnlineCounts } from "../../../shared/rooms/hub";
import { Room, type BaseAttachment, type Delivery, type OwnFrame } from "../base/Room";
import type { SessionEnd } from "../base/session-sockets";
import { countOnline, onlineSchedule, sameCounts } from "./presence";

type HubAlarm = "online";
type Banks = DataOf<HubServerFrame, "banks">;

const BANKS_KEY = "hub:banks";

export class HubRoom extends Room<HubClientFrame, HubServerFrame, BaseAttachment, HubAlarm> {
  protected readonly protocol = hubProtocol;
  // Only to skip repeats and to throttle; the counts themselves come from the sockets.
  private lastOnline: { counts: OnlineCounts; at: number } | undefined;
  // The last bank of every game, merged from the rooms' pushes (loaded from storage on first use).
  private banks: Banks | undefined;

  // ── RPC (worker and rooms → hub, through worker/rooms/hub.ts) ─────────────
  /** Sends `frame` to every socket of the user (a frame the schema rejects is refused). */
  async notifyUser(userId: number, frame: HubServerFrame): Promise<Delivery> {
    const delivery = this.deliver(frame, { userId });
    // A banned user's sockets stay open as visitors (the SPA logs out with the banned notice).
    if (frame.event === "userBanned" && !delivery.refused) await this.unbind(userId);
    return delivery;
  }

  /**
   * Many users' frames in one call (a settled round's balances, bells, cashback): one RPC instead
   * of one per user. Answers the sockets reached and the frames refused.
   */
  async notifyUsers(pushes: readonly { userId: number; frame: HubServerFrame }[]): Promise<{ sent: number; refused: number }> {
    let sent = 0;
    let refused = 0;
    for (const { userId, frame } of pushes) {
      const delivery = await this.notifyUser(userId, frame);
      sent += delivery.sent;
      if (delivery.refused) refused++;
    }
    return { sent, refused };
  }

  /** Sends `frame` to every open socket. */
  async broadcast(frame: HubServerFrame): Promise<Delivery> {
    const delivery = this.deliver(frame);
    if (frame.event === "banks" && !delivery.refused) await this.rememberBanks(frame.data);
    return delivery;
  }

  /** Tells every client that maintenance was switched (spec §4: on → notice with the operator's message, bets blocked). */
  async setMaintenance(on: boolean, message: string | null = null): Promise<Delivery> {
    return this.deliver({ event: "refreshPage", data: { maintenance: on, message } });
  }

  async online(): Promise<OnlineCounts> {
    return this.counts();
  }

  // ── socket events ─────────────────────────────────────────────────────────
  protected newAttachment(_request: Request, base: BaseAttachment): BaseAttachment {
    return base;
  }

  /** A banned player's sockets hear userBanned (the SPA's banned path) before they are closed. */
  protected farewell(why: SessionEnd): HubServerFrame | undefined {
    return why === "banned" ? { event: "userBanned", data: {} } : undefined;
  }

  protected async onJoin(ws: WebSocket): Promise<void> {
    // The newcomer always learns the counts at once, even when the broadcast is coalesced.
    if (!(await this.onlineChanged())) this.sendTo(ws, { event: "online", data: this.counts() });
    // ... and the games' banks for the mode bar (a room pushes its bank only when it changes).
    const banks = await this.knownBanks();
    if (Object.keys(banks).length > 0) this.sendTo(ws, { event: "banks", data: banks });
  }

  protected async onIdentified(): Promise<void> {
    await this.onlineChanged();
  }

  protected async onLeave(): Promise<void> {
    await this.onlineChanged();
  }

  /** The hub's clients send identity and ping only, both answered by the room shell. */
  protected onFrame(_ws: WebSocket, frame: OwnFrame<HubClientFrame>): void {
    exhaustive(frame);
  }

  /** The coalesced online broadcast is due (its only timer). */
  protected onAlarm(name: HubAlarm): void {
    if (name === "online") this.publishOnline(Date.now());
  }

  // ── banks ─────────────────────────────────────────────────────────────────
  private async knownBanks(): Promise<Banks> {
    this.banks ??= (await this.ctx.storage.get<Banks>(BANKS_KEY)) ?? {};
    return this.banks;
  }

  private async rememberBanks(data: Banks): Promise<void> {
    const known = await this.knownBanks();
    const merged: Banks = { ...known, ...data };
    if (known.jackpotLevels || data.jackpotLevels) merged.jackpotLevels = { ...known.jackpotLevels, ...data.jackpotLevels };
    this.banks = merged;
    await this.ctx.storage.put(BANKS_KEY, merged);
  }

  // ── presence ──────────────────────────────────────────────────────────────
  private async unbind(userId: number): Promise<void> {
    for (const ws of this.socketsOf(userId)) this.setAttachment(ws, { ...this.attachment(ws), userId: null, session: null });
    await this.onlineChanged();
  }

  private counts(): OnlineCounts {
    return countOnline(this.sockets().map((ws) => this.attachment(ws)));
  }

  /** Broadcasts the counts now (→ true) or arms the coalescing timer (→ false). */
  private async onlineChanged(): Promise<boolean> {
    const now = Date.now();
    const plan = onlineSchedule(this.lastOnline?.at, now, HUB.onlineThrottleMs);
    if ("now" in plan) return this.publishOnline(now);
    if ((await this.alarms.deadline("online")) === undefined) await this.alarms.set("online", plan.at);
    return false;
  }

  private publishOnline(now: number): boolean {
    const counts = this.counts();
    if (sameCounts(this.lastOnline?.counts, counts)) return false;
    this.sendAll({ event: "online", data: counts });
    this.lastOnline = { counts, at: now };
    return true;
  }
}
