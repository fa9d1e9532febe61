// The SPA's room socket client (README "Sockets"): one per room. It
// reconnects with capped exponential backoff and jitter, sends its hello frames (identity) first
// on every (re)connect, parses every incoming frame with the room's shared schema, keeps the
// connection alive with pings and hands typed events to subscribers.
import { SOCKET } from "../../../shared/constants";
import { encodeFrame, parseFrame, type AnyFrame, type DataOf, type EventOf, type RoomProtocol } from "../../../shared/rooms/frame";

export interface BackoffOptions {
  baseMs: number;
  factor: number;
  maxMs: number;
  /** Share of the delay that is random (0 = fixed schedule, 1 = full jitter). */
  jitter: number;
}

/** Delay before reconnect attempt `attempt` (0-based): min(max, base·factor^attempt), jittered down. */
export function backoffDelay(attempt: number, options: BackoffOptions = SOCKET.reconnect, random: () => number = Math.random): number {
  const ceiling = Math.min(options.maxMs, options.baseMs * options.factor ** attempt);
  return Math.round(ceiling * (1 - options.jitter) + ceiling * options.jitter * random());
}

/** `ws(s)://<host>/ws/<room>` for the page's own origin. */
export function roomUrl(room: string, location: Pick<Location, "protocol" | "host"> = window.location): string {
  return `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/${room}`;
}

/** The part of the browser's WebSocket the client uses (tests pass a fake). */
export interface WebSocketLike {
  readonly readyState: number;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
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
  backoff?: BackoffOptions & { stableAfterMs: number };
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
  /** Sends when open; returns false otherwise (hello frames are re-sent on reconnect anyway). */
  send(frame: C): boolean;
  readonly status: SocketStatus;
  /** Closes for good: no more reconnects, timers cleared. */
  close(): void;
}

const OPEN = 1;

export function createRoomSocket<C extends AnyFrame, S extends AnyFrame>(options: RoomSocketOptions<C, S>): RoomSocket<C, S> {
  const connect: WebSocketFactory = options.connect ?? ((url) => new WebSocket(url) as unknown as WebSocketLike);
  const backoff = options.backoff ?? SOCKET.reconnect;
  const pingMs = options.pingIntervalMs ?? SOCKET.pingIntervalMs;
  const random = options.random ?? Math.random;
  const handlers = new Map<string, Set<(data: unknown) => void>>();
  const statusHandlers = new Set<(status: SocketStatus, info: { reconnect: boolean }) => void>();
  const closeHandlers = new Set<(code: number) => void>();

  let ws: WebSocketLike | null = null;
  let status: SocketStatus = "connecting";
  let attempt = 0;
  let opens = 0;
  let openedAt = 0;
  let lastHeard = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let pingTimer: ReturnType<typeof setInterval> | undefined;
  let stopped = false;

  const setStatus = (next: SocketStatus) => {
    if (next === status && next !== "open") return;
    status = next;
    for (const h of statusHandlers) h(next, { reconnect: next === "open" && opens > 1 });
  };

  const rawSend = (frame: C): boolean => {
    if (!ws || ws.readyState !== OPEN) return false;
    ws.send(encodeFrame(frame));
    return true;
  };

  const dispatch = (raw: unknown) => {
    const parsed = typeof raw === "string" ? parseFrame(options.protocol.server, raw) : { ok: false as const };
    if (!parsed.ok) {
      (options.onInvalid ?? ((r) => console.warn("socket: invalid frame", r)))(raw);
      return;
    }
    for (const h of handlers.get(parsed.frame.event) ?? []) h(parsed.frame.data);
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
        ws?.close(4000, "timeout");
        dropped();
        return;
      }
      if (options.protocol.keepalive) rawSend(options.protocol.keepalive.ping);
    }, pingMs);
  };

  const scheduleRetry = () => {
    if (stopped || retryTimer !== undefined) return;
    setStatus("connecting");
    const delay = backoffDelay(attempt++, backoff, random);
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      open();
    }, delay);
  };

  /** The current socket is gone (closed, errored or timed out): forget it and retry. */
  const dropped = () => {
    stopPing();
    if (ws) ws.onopen = ws.onmessage = ws.onclose = ws.onerror = null;
    ws = null;
    // A connection that lived long enough restarts the schedule from the base delay.
    if (openedAt && Date.now() - openedAt >= backoff.stableAfterMs) attempt = 0;
    openedAt = 0;
    scheduleRetry();
  };

  const open = () => {
    if (stopped) return;
    setStatus("connecting");
    let socket: WebSocketLike;
    try {
      socket = connect(typeof options.url === "function" ? options.url() : options.url);
    } catch {
      scheduleRetry();
      return;
    }
    ws = socket;
    socket.onopen = () => {
      opens++;
      openedAt = lastHeard = Date.now();
      for (const frame of options.hello?.() ?? []) rawSend(frame);
      startPing();
      setStatus("open");
    };
    socket.onmessage = (ev) => {
      lastHeard = Date.now();
      dispatch(ev.data);
    };
    socket.onclose = (ev) => {
      for (const h of closeHandlers) h(ev.code);
      dropped();
    };
    socket.onerror = () => {
      // Browsers follow an error with close; close now in case this one does not.
      try {
        socket.close();
      } catch {
        // ignore
      }
      dropped();
    };
  };

  open();

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
    send: rawSend,
    get status() {
      return status;
    },
    close() {
      stopped = true;
      clearTimeout(retryTimer);
      retryTimer = undefined;
      stopPing();
      const current = ws;
      if (current) {
        current.onopen = current.onmessage = current.onclose = current.onerror = null;
        try {
          current.close(1000, "bye");
        } catch {
          // ignore
        }
      }
      ws = null;
      setStatus("closed");
    },
  };
}
