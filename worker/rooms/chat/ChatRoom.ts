// The chat room, which is also the site hub (architecture.md): every client keeps /ws/chat open.
// It tracks who is online and relays site-wide and per-user events that the worker and the
// other rooms push by RPC (notifyUser, broadcast, setMaintenance).
import { HUB } from "../../../shared/constants";
import { chatProtocol, type ChatClientFrame, type ChatServerFrame, type OnlineCounts } from "../../../shared/rooms/chat";
import { exhaustive } from "../../../shared/rooms/frame";
import { Room, type BaseAttachment, type Delivery } from "../base/Room";
import { resolveIdentity } from "./identity";
import { bindIdentity, countOnline, onlineSchedule, sameCounts } from "./presence";

export type HubAttachment = BaseAttachment;
type HubAlarm = "online";

export class ChatRoom extends Room<ChatClientFrame, ChatServerFrame, HubAttachment, HubAlarm> {
  protected readonly protocol = chatProtocol;
  // Only to skip repeats and to throttle; the counts themselves come from the sockets.
  private lastOnline: { counts: OnlineCounts; at: number } | undefined;

  // ── RPC (worker and rooms → hub) ──────────────────────────────────────────
  /** Sends `frame` to every socket of the user (a frame the schema rejects is refused). */
  async notifyUser(userId: number, frame: ChatServerFrame): Promise<Delivery> {
    const mine = (a: HubAttachment) => a.userId === userId;
    const delivery = this.deliver(frame, mine);
    // A banned user's sockets stay open as visitors (the SPA logs out with the banned notice).
    if (frame.event === "userBanned" && !delivery.refused) await this.unbind(mine);
    return delivery;
  }

  /** Sends `frame` to every open socket. */
  async broadcast(frame: ChatServerFrame): Promise<Delivery> {
    return this.deliver(frame);
  }

  /** Tells every client that maintenance was switched (spec §4: on → notice, bets blocked). */
  async setMaintenance(on: boolean): Promise<Delivery> {
    return this.deliver({ event: "refreshPage", data: { maintenance: on } });
  }

  async online(): Promise<OnlineCounts> {
    return this.counts();
  }

  // ── socket events ─────────────────────────────────────────────────────────
  protected newAttachment(_request: Request, base: BaseAttachment): HubAttachment {
    return base;
  }

  protected async onJoin(ws: WebSocket): Promise<void> {
    // The newcomer always learns the counts at once, even when the broadcast is coalesced.
    if (!(await this.onlineChanged())) this.sendTo(ws, { event: "online", data: this.counts() });
  }

  protected async onLeave(): Promise<void> {
    await this.onlineChanged();
  }

  protected async onFrame(ws: WebSocket, frame: ChatClientFrame): Promise<void> {
    switch (frame.event) {
      case "identity":
        return this.identify(ws, frame.data.apiToken);
      case "ping":
        this.sendTo(ws, { event: "pong", data: {} });
        return;
      case "sendMessage": // TEMP until the chat helper wires the room's send path
        this.sendTo(ws, { event: "error", data: { message: "chat_api.chat_off" } });
        return;
      default:
        return exhaustive(frame);
    }
  }

  protected async onAlarm(name: HubAlarm): Promise<void> {
    switch (name) {
      case "online":
        this.publishOnline(Date.now());
        return;
      default:
        return exhaustive(name);
    }
  }

  // ── presence ──────────────────────────────────────────────────────────────
  private async identify(ws: WebSocket, apiToken: string): Promise<void> {
    const identity = await resolveIdentity(this.env, apiToken);
    if (ws.readyState !== WebSocket.OPEN) return; // closed while D1 answered
    const { attachment, reply } = bindIdentity(this.attachment(ws), identity);
    this.setAttachment(ws, attachment);
    if (reply) this.sendTo(ws, reply);
    await this.onlineChanged();
  }

  private async unbind(which: (a: HubAttachment) => boolean): Promise<void> {
    for (const ws of this.sockets()) {
      const a = this.attachment(ws);
      if (which(a)) this.setAttachment(ws, { ...a, userId: null });
    }
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
