// The room shell every live room extends (docs/architecture.md "How to add a game room"): hibernatable WebSockets,
// who is behind each socket in a small attachment (it survives hibernation), every incoming frame
// parsed by the room's shared schema before typed dispatch, typed send/broadcast that only
// sends frames the shared server schema accepts, flood protection and named alarms.
// The lifecycle hooks a room implements: onStart (once per instance, before any event),
// onJoin / onFrame / onLeave (sockets), onIdentified (an identity frame resolved), onAlarm.
// The shell itself answers the frames every room shares: identity (bound here, with the
// banned notice) and the keepalive ping.
// Starting is lazy and retried, as partyserver's ensureInitialized: every entry point (fetch, a
// socket's message / close / error, the alarm, RPC through ready()) waits for onStart, which runs
// under blockConcurrencyWhile; a start that failed is rethrown outside it (a throw inside would
// reset the object) and the next entry point tries again.
import { DurableObject } from "cloudflare:workers";
import { SOCKET } from "../../../shared/constants";
import { errorBody } from "../../../shared/errors";
import { encodeFrame, parseFrame, type AnyFrame, type RoomProtocol } from "../../../shared/rooms/frame";
import { NamedAlarms } from "./alarms";
import { RoomProfile, type ProfileReport } from "./profile";
import { countFrame, type FloodState } from "./flood";
import { bindIdentity, resolveIdentity, type Identity } from "./identity";
import { ipSocketTags } from "./ip-cap";
import { SessionSockets, type SessionEnd } from "./session-sockets";
import type { RelayOutlet } from "./relay-outlet";
import type { Position } from "./relay-sequence";

/** What a room remembers per socket. Keep it small: attachments are limited to 2 KB. */
export interface BaseAttachment {
  userId: number | null;
  /** SHA-256 of the token the socket identified with (never the token itself); null/absent for a visitor. */
  session?: string | null;
  /** Random per socket: a visitor is one socket. */
  visitorId: string;
  connectedAt: number;
}

/** What an RPC push achieved: how many sockets got the frame, or why it was refused. */
export interface Delivery {
  sent: number;
  refused?: string;
}

/** Who gets a frame: every socket whose attachment passes the test, or one user's sockets. */
export type Recipients<A> = ((attachment: A) => boolean) | { userId: number };

/** The frames a room's onFrame sees: identity and ping are answered by the shell. */
export type OwnFrame<C extends AnyFrame> = Exclude<C, { event: "identity" | "ping" }>;

export abstract class Room<C extends AnyFrame, S extends AnyFrame, A extends BaseAttachment, N extends string = never> extends DurableObject<Env> {
  protected abstract readonly protocol: RoomProtocol<C, S>;
  protected readonly alarms = new NamedAlarms<N>(this.ctx.storage);
  /** where the room's time goes (in memory; the benches read it through the dev route) */
  protected readonly profile = new RoomProfile();
  // In memory only: after hibernation a socket starts a fresh window / is open again.
  private readonly flood = new WeakMap<WebSocket, FloodState>();
  private readonly left = new WeakSet<WebSocket>();
  private readonly bound = new SessionSockets(
    () => this.sockets(),
    (ws) => this.attachment(ws),
  );
  /** the relays that carry this room's broadcasts to watchers (docs/relay.md); none by default */
  protected readonly relays: RelayOutlet | undefined = undefined;
  /** onStart has completed in this instance */
  private started = false;
  /** a socket's identity frame still being resolved: its next frames wait for it (docs/api.md "Sockets") */
  private readonly identifying = new WeakMap<WebSocket, Promise<void>>();

  /** Once per instance: on first use, and again after every eviction (load what storage keeps). */
  protected onStart(): void | Promise<void> {}

  /**
   * Resolves once onStart has completed in this instance; rejects with its error when it failed
   * (the next call starts again). Every entry point of the shell calls it; a room's RPC methods
   * call it first.
   */
  protected async ready(): Promise<void> {
    if (this.started) return;
    let failed: { error: unknown } | undefined;
    await this.ctx.blockConcurrencyWhile(async () => {
      if (this.started) return; // another entry point started it while this one waited
      try {
        await this.relays?.load();
        await this.onStart();
        this.started = true;
      } catch (error) {
        failed = { error };
      }
    });
    if (failed) throw failed.error;
  }
  /** Typed dispatch of a parsed frame; implementations end their switch with exhaustive(). */
  protected abstract onFrame(ws: WebSocket, frame: OwnFrame<C>, attachment: A): void | Promise<void>;
  protected abstract newAttachment(request: Request, base: BaseAttachment): A;
  /** The attachment after an identity frame bound userId/session (a room adds what it shows). */
  protected identified(attachment: A, _identity: Identity): A {
    return attachment;
  }
  /** After an identity frame was resolved and bound (the socket is still open). */
  protected onIdentified(_ws: WebSocket, _attachment: A): void | Promise<void> {}
  /** After a socket is accepted (it may already be sent frames). */
  protected onJoin(_ws: WebSocket, _attachment: A): void | Promise<void> {}
  /** Once per socket, after it closed, errored or was closed for a flood. */
  protected onLeave(_ws: WebSocket, _attachment: A): void | Promise<void> {}
  protected onAlarm(_name: N): void | Promise<void> {}
  /** A frame sent to a socket just before it is closed because its session ended (none by default). */
  protected farewell(_why: SessionEnd): S | undefined {
    return undefined;
  }

  // ── RPC (worker → every room, worker/rooms/live-rooms.ts) ────────────────
  /**
   * A session ended: closes the sockets bound to it (logout: {session}) or to the user (site
   * ban: {userId}) with the code of SOCKET.sessionEnded; answers how many were closed.
   */
  async endSessions(target: { session: string } | { userId: number }, why: SessionEnd): Promise<number> {
    await this.ready();
    if ("session" in target) this.bound.markEnded(target.session);
    const sockets = "session" in target ? this.bound.ofSession(target.session) : this.bound.ofUser(target.userId);
    for (const ws of sockets) await this.endSocket(ws, why);
    return sockets.length;
  }

  async fetch(request: Request): Promise<Response> {
    const keepalive = this.protocol.keepalive;
    // Pings are answered by the runtime, so an idle room stays hibernated.
    if (keepalive && !this.ctx.getWebSocketAutoResponse())
      this.ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(encodeFrame(keepalive.ping), encodeFrame(keepalive.pong)));
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
      return Response.json(errorBody("app_api.invalid_request"), { status: 426, headers: { Upgrade: "websocket" } });
    }
    try {
      await this.ready();
    } catch (err) {
      console.error("room could not start; the next request retries", String(err));
      return Response.json(errorBody("app_error.load"), { status: 503 });
    }
    const tags = ipSocketTags(this.ctx, this.env, request, (ws) => this.isLive(ws));
    if (!tags) return Response.json(errorBody("app_api.too_many_requests"), { status: 429 });
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server, tags);
    const attachment = this.newAttachment(request, { userId: null, visitorId: crypto.randomUUID(), connectedAt: Date.now() });
    server.serializeAttachment(attachment);
    await this.onJoin(server, attachment);
    return new Response(null, { status: 101, webSocket: client });
  }

  async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    // Refused unread: an oversized frame is never parsed (a 16 MB frame used to be).
    if ((typeof message === "string" ? message.length : message.byteLength) > SOCKET.maxFrameLength) {
      try {
        ws.close(SOCKET.tooBigCode, "frame too big");
      } catch {
        // already closed
      }
      await this.leave(ws);
      return;
    }
    const counted = countFrame(this.flood.get(ws), Date.now(), SOCKET.flood);
    this.flood.set(ws, counted.state);
    if (counted.flooded) {
      ws.close(SOCKET.policyViolationCode, "flood");
      await this.leave(ws);
      return;
    }
    const parsed = parseFrame(this.protocol.client, message);
    if (!parsed.ok) {
      this.sendTo(ws, this.protocol.error("app_api.invalid_request"));
      return;
    }
    const frame: AnyFrame = parsed.frame;
    const keepalive = this.protocol.keepalive;
    // a ping the runtime did not answer itself (other spacing, ...)
    if (keepalive && frame.event === keepalive.ping.event) return void this.sendTo(ws, keepalive.pong);
    if (frame.event === "identity") return this.identifyInOrder(ws, (frame.data as { apiToken: string }).apiToken);
    if (await this.notReady(ws)) return;
    // a frame sent right after identity is handled as that identity
    await this.identifying.get(ws);
    if (ws.readyState !== WebSocket.OPEN) return;
    await this.profile.time(`frame:${frame.event}`, () => this.onFrame(ws, parsed.frame as OwnFrame<C>, this.attachment(ws)));
  }

  async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    try {
      // Completes the close handshake where the runtime does not answer it itself.
      ws.close(code === 1005 || code === 1006 ? 1000 : code, reason);
    } catch {
      // already closed
    }
    await this.leave(ws);
  }

  async webSocketError(ws: WebSocket): Promise<void> {
    await this.leave(ws);
  }

  async alarm(): Promise<void> {
    await this.ready(); // a failed start throws: the runtime retries the alarm
    for (const name of await this.alarms.takeDue(Date.now())) {
      try {
        await this.profile.time(`alarm:${name}`, () => this.onAlarm(name));
      } catch (err) {
        console.error("room alarm failed", name, err);
        await this.alarms.set(name, Date.now() + 1_000);
      }
    }
  }

  // ── RPC (the relays, relay/RelayRoom.ts) ──────────────────────────────────
  /** A relay's watchers' init (a visitor's), and the position it is fed from from now on. */
  async relayInit(name: string): Promise<{ init: string; position: Position }> {
    await this.ready();
    const relays = this.relays;
    if (!relays) throw new Error("this room has no relays");
    const build = await this.watcherInit();
    // one synchronous turn: the init holds every frame numbered below the position, none after
    const init = this.encode(build());
    return { init, position: relays.join(name) };
  }

  /** Frames a relay missed, from number `from`; null: this is another room instance, or they are gone. */
  async relayBacklog(epoch: string, from: number): Promise<string[] | null> {
    await this.ready();
    return this.relays?.since(epoch, from) ?? null;
  }

  /** Resolves to a synchronous builder of a visitor's init frame (a room with relays implements it). */
  protected async watcherInit(): Promise<() => S> {
    throw new Error("this room has no watchers' init");
  }

  /** Who is watching: the room's own sockets and its relays (each with at least one watcher). */
  protected audience(): number {
    return this.sockets().length + (this.relays?.count ?? 0);
  }

  /**
   * RPC (the dev route /api/admin/roomProfile): what the profile measured; `reset` starts a new count.
   * storedKeys: the room's storage keys now (bets, outbox, alarms) — what `npm run soak` watches for leaks.
   */
  async profileReport(reset: boolean): Promise<ProfileReport & { sockets: number; storedKeys: number }> {
    // bounded: past the limit the figure is a leak either way (the soak allows 64)
    const storedKeys = (await this.ctx.storage.list({ limit: 10_000 })).size;
    return { ...this.profile.report(reset), sockets: this.sockets().length, storedKeys };
  }

  // ── helpers for subclasses ────────────────────────────────────────────────
  /** identify(), registered before its first await so the socket's next frames wait for it (they never fail for it). */
  private async identifyInOrder(ws: WebSocket, apiToken: string): Promise<void> {
    const earlier = this.identifying.get(ws);
    const done = (async () => {
      await earlier; // identities of one socket bind in the order they were sent
      await this.profile.time("identify", () => this.identify(ws, apiToken));
    })();
    const settled = done.catch(() => undefined);
    this.identifying.set(ws, settled);
    try {
      await done;
    } finally {
      if (this.identifying.get(ws) === settled) this.identifying.delete(ws);
    }
  }

  /** Resolves the token in D1, binds the socket (a banned user stays a visitor and is told so). */
  private async identify(ws: WebSocket, apiToken: string): Promise<void> {
    const identity = await resolveIdentity(this.env, apiToken);
    if (ws.readyState !== WebSocket.OPEN) return; // closed while D1 answered
    const { attachment, refused } = bindIdentity(this.attachment(ws), identity);
    this.setAttachment(ws, this.identified(attachment, identity));
    if (ws.readyState !== WebSocket.OPEN) return; // its session ended while D1 answered
    if (refused) this.sendTo(ws, this.protocol.error(refused));
    if (await this.notReady(ws)) return;
    await this.onIdentified(ws, this.attachment(ws));
  }

  protected attachment(ws: WebSocket): A {
    return ws.deserializeAttachment() as A;
  }

  /** Every identity change goes through here: it keeps the session index, and refuses a session that ended meanwhile. */
  protected setAttachment(ws: WebSocket, attachment: A): void {
    ws.serializeAttachment(attachment);
    this.bound.bind(ws, attachment);
    if (this.bound.wasEnded(attachment.session))
      this.endSocket(ws, "signed_out").catch((err: unknown) => console.error("room could not end a socket", String(err)));
  }

  /** Open sockets (derived from the runtime, so right after hibernation too). */
  protected sockets(): WebSocket[] {
    return this.openSockets(this.ctx.getWebSockets());
  }

  private openSockets(all: WebSocket[]): WebSocket[] {
    return all.filter((ws) => this.isLive(ws));
  }

  /** Open, and not on its way out (its close is being handled). */
  private isLive(ws: WebSocket): boolean {
    return ws.readyState === WebSocket.OPEN && !this.left.has(ws);
  }

  /** Sends one frame; throws if the shared server schema rejects it (a bug, never sent). */
  protected sendTo(ws: WebSocket, frame: S): boolean {
    const text = this.encode(frame);
    const sent = this.sendText(ws, text);
    if (sent) this.profile.sent(frame.event, text.length, 1);
    return sent;
  }

  /** The open sockets of a signed-in user, from the session index (no attachment is read). */
  protected socketsOf(userId: number): WebSocket[] {
    return this.openSockets(this.bound.ofUser(userId));
  }

  /**
   * Sends one frame to every open socket (whose attachment passes `to`; a user's: the index);
   * returns how many. Without a filter no attachment is read: a room broadcasting to a thousand
   * sockets several times a second would otherwise deserialize every attachment each time.
   */
  protected sendAll(frame: S, to?: Recipients<A>): number {
    const text = this.encode(frame);
    const sockets = to && typeof to === "object" ? this.socketsOf(to.userId) : this.sockets();
    let sent = 0;
    for (const ws of sockets) if ((typeof to !== "function" || to(this.attachment(ws))) && this.sendText(ws, text)) sent++;
    this.profile.sent(frame.event, text.length, sent);
    // the watchers on relays are visitors: they get what every socket gets, one frame per relay
    if (to === undefined && this.relays) {
      this.relays.publish(text);
      if (this.relays.count > 0) this.profile.sent(`${frame.event} (relays)`, text.length, this.relays.count);
    }
    return sent;
  }

  /**
   * For RPC entry points (frames pushed by the worker and other rooms): like sendAll, but a frame
   * the server schema rejects is refused and reported, not thrown, so a settlement that already
   * happened is never undone by its notification.
   */
  protected deliver(frame: S, to?: Recipients<A>): Delivery {
    const checked = this.protocol.server.safeParse(frame);
    if (!checked.success) {
      const refused = `invalid "${String((frame as AnyFrame | undefined)?.event)}" frame: ${checked.error.issues[0]?.message}`;
      console.error("room refused a frame", refused);
      return { sent: 0, refused };
    }
    return { sent: this.sendAll(checked.data, to) };
  }

  protected encode(frame: S): string {
    const checked = this.protocol.server.safeParse(frame);
    if (!checked.success) throw new TypeError(`refused to send an invalid "${String(frame?.event)}" frame: ${checked.error.issues[0]?.message}`);
    return encodeFrame(checked.data);
  }

  private sendText(ws: WebSocket, text: string): boolean {
    try {
      ws.send(text);
      return true;
    } catch {
      return false; // closing underneath us; its close event cleans up
    }
  }

  private async endSocket(ws: WebSocket, why: SessionEnd): Promise<void> {
    try {
      const last = this.farewell(why);
      if (last) this.sendText(ws, this.encode(last));
    } catch (err) {
      console.error("room refused a farewell frame", String(err)); // a bug; the socket closes all the same
    }
    try {
      ws.close(SOCKET.sessionEnded[why], why);
    } catch {
      // already closed
    }
    await this.leave(ws);
  }

  private async leave(ws: WebSocket): Promise<void> {
    if (this.left.has(ws)) return;
    this.left.add(ws);
    this.bound.drop(ws);
    try {
      await this.ready();
    } catch (err) {
      return void console.error("room could not start; a socket left unheard", String(err));
    }
    await this.onLeave(ws, this.attachment(ws));
  }

  /** Starts the room for a socket's frame; if the start fails, tells the socket (its next frame retries). */
  private async notReady(ws: WebSocket): Promise<boolean> {
    try {
      await this.ready();
      return false;
    } catch (err) {
      console.error("room could not start; the next frame retries", String(err));
      if (ws.readyState === WebSocket.OPEN) this.sendTo(ws, this.protocol.error("app_error.load"));
      return true;
    }
  }
}
