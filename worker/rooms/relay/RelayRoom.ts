// A relay (docs/relay.md): a Durable Object that holds watchers' sockets of one room (visitors
// who only listen) and sends them what the room publishes. The room sends one frame per relay
// (an RPC per batch, base/Room.ts sendAll → base/relay-outlet.ts) instead of one per socket.
// - A watcher joining gets the room's visitor init (one RPC serves those that join within
//   SOCKET.relay.initReuseMs), then every frame after it: frames the relay already sent past the
//   init's position come from its own recent frames, frames still on the way are skipped for it.
//   Until its init is sent, a socket gets nothing else.
// - Each frame is delivered once and in order (base/relay-sequence.ts): duplicates are dropped, a gap
//   is filled from the room's backlog, another room instance (it restarted) gives every watcher a
//   fresh init.
// - A relay evicted from memory (its sockets hibernating) keeps the room instance it followed in
//   storage (written once per instance, not per batch) and takes the next batch of that instance
//   as where it is: the room's pump resends only what the relay has not acknowledged.
// - Batches and joins run one at a time (serially), so the position only moves forward.
import { DurableObject } from "cloudflare:workers";
import { SOCKET } from "../../../shared/constants";
import { errorBody } from "../../../shared/errors";
import { crashProtocol } from "../../../shared/rooms/crash";
import { encodeFrame, parseFrame } from "../../../shared/rooms/frame";
import { relayClientFrame } from "../../../shared/rooms/relay";
import { countFrame, type FloodState } from "../base/flood";
import { accept, Backlog, type Batch, type Position } from "../base/relay-sequence";
import { ipSocketTags } from "../base/ip-cap";
import { parseRelayName, RELAY_FULL_HEADER, RELAY_NAME_HEADER, relaySockets, roomOfRelay, type RelayedRoom } from "./stub";

const EPOCH_KEY = "relay:epoch";
const NAME_KEY = "relay:name";

interface Init {
  init: string;
  position: Position;
}

export class RelayRoom extends DurableObject<Env> {
  private name: string | undefined;
  private position: Position | undefined;
  /** the room instance followed before an eviction (its next number comes with its next batch) */
  private restored: string | undefined;
  /** frames this relay sent lately (numbered as the room numbered them) */
  private readonly recent = new Backlog(SOCKET.relay.backlog);
  /** watchers whose init already holds the frames below this number (in memory: a short window) */
  private readonly skip = new Map<WebSocket, number>();
  /** sockets accepted whose init has not been sent yet: no frame goes to them before it */
  private readonly waiting = new Set<WebSocket>();
  private readonly flood = new WeakMap<WebSocket, FloodState>();
  private cached: (Init & { at: number }) | undefined;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    void ctx.blockConcurrencyWhile(async () => {
      this.name = await ctx.storage.get<string>(NAME_KEY);
      this.restored = await ctx.storage.get<string>(EPOCH_KEY);
    });
  }

  // ── sockets ───────────────────────────────────────────────────────────────
  async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
      return Response.json(errorBody("app_api.invalid_request"), { status: 426, headers: { Upgrade: "websocket" } });
    }
    const name = request.headers.get(RELAY_NAME_HEADER);
    if (!parseRelayName(name) || (this.name !== undefined && this.name !== name)) return Response.json(errorBody("app_api.invalid_request"), { status: 400 });
    if (this.name === undefined) {
      this.name = name as string;
      await this.ctx.storage.put(NAME_KEY, this.name);
    }
    if (!this.ctx.getWebSocketAutoResponse()) {
      const { ping, pong } = crashProtocol.keepalive!;
      this.ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(encodeFrame(ping), encodeFrame(pong)));
    }
    if (this.sockets().length >= relaySockets(this.env)) return new Response(null, { status: 503, headers: { [RELAY_FULL_HEADER]: "1" } });
    const tags = ipSocketTags(this.ctx, this.env, request, isOpen);
    if (!tags) return Response.json(errorBody("app_api.too_many_requests"), { status: 429 });
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server, tags);
    this.waiting.add(server);
    try {
      await this.serially(() => this.welcome(server));
    } catch (err) {
      console.error("relay could not get the room's init", String(err));
      close(server, 1011, "room unavailable");
      return Response.json(errorBody("app_error.load"), { status: 503 });
    } finally {
      this.waiting.delete(server);
    }
    return new Response(null, { status: 101, webSocket: client });
  }

  async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    if ((typeof message === "string" ? message.length : message.byteLength) > SOCKET.maxFrameLength) return close(ws, SOCKET.tooBigCode, "frame too big");
    const counted = countFrame(this.flood.get(ws), Date.now(), SOCKET.flood);
    this.flood.set(ws, counted.state);
    if (counted.flooded) return close(ws, SOCKET.policyViolationCode, "flood");
    const parsed = parseFrame(relayClientFrame, message);
    if (!parsed.ok) return send(ws, encodeFrame(crashProtocol.error("app_api.invalid_request")));
    if (parsed.frame.event === "ping") return send(ws, encodeFrame(crashProtocol.keepalive!.pong));
    // a player: back to the room, where bets are taken (a visitor's empty identity changes nothing)
    if (parsed.frame.data.apiToken !== "") close(ws, SOCKET.relayDirectCode, "direct");
  }

  async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    this.skip.delete(ws);
    close(ws, code === 1005 || code === 1006 ? 1000 : code, reason);
  }

  async webSocketError(ws: WebSocket): Promise<void> {
    this.skip.delete(ws);
  }

  // ── RPC (the room's pump) ─────────────────────────────────────────────────
  /** A batch of the room's frames; answers how many watchers this relay holds (0: the room stops feeding it). */
  async deliver(batch: Batch): Promise<{ sockets: number }> {
    return this.serially(async () => {
      const watchers = this.sockets().length;
      if (watchers === 0) {
        this.cached = undefined; // the next watcher's join tells the room to feed this relay again
        return { sockets: 0 };
      }
      // evicted meanwhile: the room's pump sends only what this relay has not acknowledged
      if (!this.position && this.restored === batch.epoch) this.moveTo({ epoch: batch.epoch, next: batch.first });
      let step = accept(this.position, batch);
      if (step.kind === "gap") {
        const missed = await this.room().relayBacklog(batch.epoch, step.from);
        if (missed) {
          this.fan(missed, step.from);
          step = accept(this.position, batch);
        } else step = { kind: "resync" };
      }
      if (step.kind === "resync") {
        this.cached = undefined;
        this.resync(await this.init());
        step = accept(this.position, batch);
      }
      // a batch of an older room instance than the init just fetched: nothing of it is due
      if (step.kind === "deliver") this.fan(step.frames, step.position.next - step.frames.length);
      return { sockets: watchers };
    });
  }

  /** RPC for the benches and tests: where the relay stands and how many watchers it holds. */
  async status(): Promise<{ name: string | null; position: Position | null; sockets: number }> {
    return { name: this.name ?? null, position: this.position ?? null, sockets: this.sockets().length };
  }

  // ── helpers ───────────────────────────────────────────────────────────────
  private async welcome(ws: WebSocket): Promise<void> {
    const fresh = await this.init();
    const at = this.position;
    this.waiting.delete(ws);
    // nothing known or another room instance: every watcher starts from this init
    if (!at || at.epoch !== fresh.position.epoch) return this.resync(fresh);
    if (fresh.position.next >= at.next) {
      send(ws, fresh.init);
      if (this.fed().every((other) => other === ws)) {
        // nobody else to keep in step with: the relay moves to the init (frames before it on their way are dropped)
        this.skip.clear();
        this.moveTo(fresh.position);
      } else if (fresh.position.next > at.next) {
        // the frames between the relay's position and the init's are on their way: not for this one
        this.skip.set(ws, fresh.position.next);
      }
      return;
    }
    // the relay already sent frames past this (cached) init: they come from its recent frames
    const missed = this.recent.since(fresh.position.next);
    if (missed === null) {
      this.cached = undefined; // too old for what this relay remembers: a fresh one is never older
      this.waiting.add(ws);
      return this.welcome(ws);
    }
    send(ws, fresh.init);
    for (const text of missed) send(ws, text);
  }

  /** The room's visitor init: a cached one when it is recent enough. */
  private async init(): Promise<Init> {
    const now = Date.now();
    if (this.cached && now - this.cached.at <= SOCKET.relay.initReuseMs) return this.cached;
    const fresh = await this.room().relayInit(this.name as string);
    this.cached = { ...fresh, at: now };
    return fresh;
  }

  /** Every watcher starts again from this init (the room restarted, or the frames in between are gone). */
  private resync(fresh: Init): void {
    this.skip.clear();
    for (const ws of this.fed()) send(ws, fresh.init);
    this.moveTo(fresh.position);
  }

  /** Sends frames numbered first, first + 1, … to every watcher that has not got them in its init. */
  private fan(frames: readonly string[], first: number): void {
    const sockets = this.fed();
    frames.forEach((text, i) => {
      const seq = first + i;
      for (const ws of sockets) if ((this.skip.get(ws) ?? 0) <= seq) send(ws, text);
      this.recent.add(text);
    });
    if (!this.position) return;
    const next = first + frames.length;
    for (const [ws, from] of this.skip) if (from <= next) this.skip.delete(ws);
    if (next > this.position.next) this.moveTo({ epoch: this.position.epoch, next });
  }

  /** The position in memory; the room instance it follows in storage, once per instance. */
  private moveTo(position: Position): void {
    if (!this.position || this.position.epoch !== position.epoch || position.next !== this.recent.next) this.recent.restart(position.next);
    if (this.restored !== position.epoch) {
      this.restored = position.epoch;
      this.ctx.storage.put(EPOCH_KEY, position.epoch).catch((err: unknown) => console.error("relay could not store its room instance", String(err)));
    }
    this.position = position;
  }

  private room() {
    const parsed = parseRelayName(this.name ?? null);
    if (!parsed) throw new Error("a relay without a name");
    return roomOfRelay(this.env, parsed.room satisfies RelayedRoom);
  }

  /** Every open socket (those still waiting for their init too: they count as the relay's watchers). */
  private sockets(): WebSocket[] {
    return this.ctx.getWebSockets().filter(isOpen);
  }

  /** The open sockets that have their init: the ones frames go to. */
  private fed(): WebSocket[] {
    return this.sockets().filter((ws) => !this.waiting.has(ws));
  }

  /** One batch or join at a time (a failed one does not stop the next). */
  private serially<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }
}

function isOpen(ws: WebSocket): boolean {
  return ws.readyState === WebSocket.OPEN;
}

function send(ws: WebSocket, text: string): void {
  try {
    ws.send(text);
  } catch {
    // closing underneath us
  }
}

function close(ws: WebSocket, code: number, reason: string): void {
  try {
    ws.close(code, reason);
  } catch {
    // already closed
  }
}
