// The SPA's room socket client (docs/api.md "Sockets"): one per room, the schema layer over
// partysocket's ReconnectingWebSocket (reconnect with a growing delay, a connection timeout, the
// schedule restarted after a connection that stayed up). On every (re)connect its hello frames
// (identity) go first, then the frames sent while it was closed (kept, not dropped); every incoming
// frame is parsed with the room's shared schema before a subscriber sees it, and a subscriber that
// throws stops no other; pings keep it alive and a connection silent for two intervals is
// replaced.
import { WebSocket as ReconnectingWebSocket } from "partysocket";
import { SOCKET } from "../../../shared/constants";
import { encodeFrame, parseFrame, type AnyFrame, type DataOf, type EventOf, type RoomProtocol } from "../../../shared/rooms/frame";

export interface BackoffOptions {
  baseMs: number;
  factor: number;
  maxMs: number;
  /** Share of the base delay that is random per socket (0 = fixed schedule, 1 = full jitter). */
  jitter: number;
  /** A connection open this long restarts the schedule from the base delay. */
  stableAfterMs: number;
}

/**
 * partysocket's reconnect options for this schedule: base·factor^n up to max after the n-th failed
 * attempt, the base drawn once per socket in [base·(1 − jitter), base], so the players a server
 * restart drops together come back spread out.
 */
export function reconnectOptions(backoff: BackoffOptions = SOCKET.reconnect, random: () => number = Math.random) {
  return {
    minReconnectionDelay: Math.round(backoff.baseMs * (1 - backoff.jitter + backoff.jitter * random())),
    reconnectionDelayGrowFactor: backoff.factor,
    maxReconnectionDelay: backoff.maxMs,
    minUptime: backoff.stableAfterMs,
  };
}

/** `ws(s)://<host>/ws/<room>` for the page's own origin. */
export function roomUrl(room: string, location: Pick<Location, "protocol" | "host"> = window.location): string {
  return `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/${room}`;
}

/** The part of the browser's WebSocket the client uses (tests pass a fake). */
export interface WebSocketLike extends EventTarget {
  readonly readyState: number;
  binaryType: string;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}
export type WebSocketFactory = (url: string) => WebSocketLike;

type SocketStatus = "connecting" | "open" | "closed";

export interface RoomSocketOptions<C extends AnyFrame, S extends AnyFrame> {
  url: string | (() => string);
  protocol: RoomProtocol<C, S>;
  /** Frames sent first on every (re)connect, e.g. identity (read afresh each time). */
  hello?: () => C[];
  connect?: WebSocketFactory;
  random?: () => number;
  backoff?: BackoffOptions;
  pingIntervalMs?: number;
  /** A frame the schema rejected (logged by default; the client never dispatches it). */
  onInvalid?: (raw: unknown) => void;
}

export interface RoomSocket<C extends AnyFrame, S extends AnyFrame> {
  /** Subscribes to one server event; returns the unsubscribe. */
  on<E extends EventOf<S>>(event: E, handler: (data: DataOf<S, E>) => void): () => void;
  /** Status changes; `reconnect` is true for every open after the first (time to resynchronise). */
  onStatus(handler: (status: SocketStatus, info: { reconnect: boolean }) => void): () => void;
  /** The server closed the socket with `code` (before the reconnect is scheduled), e.g. SOCKET.sessionEnded. */
  onClose(handler: (code: number) => void): () => void;
  /**
   * Sends now when open; otherwise keeps the frame for the next open, after the hello frames (at
   * most SOCKET.sendQueueMax wait, the oldest dropped first). False only after close().
   */
  send(frame: C): boolean;
  readonly status: SocketStatus;
  /** Closes this connection and opens a new one now (its url read again). */
  reconnect(): void;
  /** Closes for good: no more reconnects, timers cleared. */
  close(): void;
}

const OPEN = 1;

/** partysocket constructs its socket with `new`: a factory as a constructor (the object it returns becomes the instance). */
function asConstructor(connect: WebSocketFactory): typeof WebSocket {
  return function socketOf(url: string) {
    return connect(url);
  } as unknown as typeof WebSocket;
}

/** Calls every handler; one that throws is logged and stops no other. */
function callEach<A extends unknown[]>(handlers: Iterable<(...args: A) => void>, ...args: A): void {
  for (const h of handlers) {
    try {
      h(...args);
    } catch (err) {
      console.error("socket: a subscriber failed", err);
    }
  }
}

export function createRoomSocket<C extends AnyFrame, S extends AnyFrame>(options: RoomSocketOptions<C, S>): RoomSocket<C, S> {
  const pingMs = options.pingIntervalMs ?? SOCKET.pingIntervalMs;
  const handlers = new Map<string, Set<(data: unknown) => void>>();
  const statusHandlers = new Set<(status: SocketStatus, info: { reconnect: boolean }) => void>();
  const closeHandlers = new Set<(code: number) => void>();
  /** frames sent while closed, for the next open */
  let waiting: C[] = [];
  let status: SocketStatus = "connecting";
  let opens = 0;
  let lastHeard = 0;
  let pingTimer: ReturnType<typeof setInterval> | undefined;

  const rws = new ReconnectingWebSocket(options.url, undefined, {
    ...reconnectOptions(options.backoff ?? SOCKET.reconnect, options.random ?? Math.random),
    WebSocket: options.connect && asConstructor(options.connect),
    // its own queue would send them before identity: this client keeps them (`waiting`)
    maxEnqueuedMessages: 0,
  });

  const setStatus = (next: SocketStatus) => {
    if (next === status && next !== "open") return;
    status = next;
    callEach(statusHandlers, next, { reconnect: next === "open" && opens > 1 });
  };

  const rawSend = (frame: C): boolean => {
    if (rws.readyState !== OPEN) return false;
    rws.send(encodeFrame(frame));
    return true;
  };

  const stopPing = () => {
    clearInterval(pingTimer);
    pingTimer = undefined;
  };

  const startPing = () => {
    stopPing();
    pingTimer = setInterval(() => {
      // Nothing heard for two intervals: the connection is dead even if the browser says open.
      if (Date.now() - lastHeard > 2 * pingMs) {
        stopPing();
        rws.reconnect(4000, "timeout");
        return;
      }
      if (options.protocol.keepalive) rawSend(options.protocol.keepalive.ping);
    }, pingMs);
  };

  rws.addEventListener("open", () => {
    opens++;
    lastHeard = Date.now();
    for (const frame of options.hello?.() ?? []) rawSend(frame);
    const owed = waiting;
    waiting = [];
    for (const frame of owed) rawSend(frame);
    startPing();
    setStatus("open");
  });
  rws.addEventListener("message", (ev) => {
    lastHeard = Date.now();
    const raw: unknown = (ev as MessageEvent).data;
    const parsed = typeof raw === "string" ? parseFrame(options.protocol.server, raw) : { ok: false as const };
    if (!parsed.ok) {
      (options.onInvalid ?? ((r) => console.warn("socket: invalid frame", r)))(raw);
      return;
    }
    callEach(handlers.get(parsed.frame.event) ?? [], parsed.frame.data);
  });
  rws.addEventListener("close", (ev) => {
    stopPing();
    if (status === "closed") return;
    callEach(closeHandlers, (ev as CloseEvent).code);
    setStatus("connecting");
  });

  return {
    on(event, handler) {
      const set = handlers.get(event) ?? new Set();
      handlers.set(event, set);
      const h = handler as (data: unknown) => void;
      set.add(h);
      return () => void set.delete(h);
    },
    onStatus(handler) {
      statusHandlers.add(handler);
      return () => void statusHandlers.delete(handler);
    },
    onClose(handler) {
      closeHandlers.add(handler);
      return () => void closeHandlers.delete(handler);
    },
    send(frame) {
      if (status === "closed") return false;
      if (!rawSend(frame)) waiting = [...waiting, frame].slice(-SOCKET.sendQueueMax);
      return true;
    },
    get status() {
      return status;
    },
    reconnect() {
      if (status === "closed") return; // closed for good
      rws.reconnect(1000, "reconnect");
    },
    close() {
      stopPing();
      waiting = [];
      setStatus("closed");
      rws.close(1000, "bye");
    },
  };
}
