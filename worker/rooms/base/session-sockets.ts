// Which open sockets belong to which session and user, so a logout or a ban finds them without
// reading every attachment per call. Attachments stay the truth (they survive hibernation): the
// index lives in memory, is built from them once per instance, on the first lookup, and is then
// kept up to date as sockets are bound and leave. Until that first lookup nothing is tracked.
export type SessionEnd = "signed_out" | "banned";

export interface SessionKeys {
  userId: number | null;
  /** The SHA-256 of the token the socket identified with (never the token); null for a visitor. */
  session?: string | null;
}

/** How long a room remembers an ended session: an identity still resolving then is closed too. */
const ENDED_MEMORY_MS = 10 * 60_000;

export class SessionSockets {
  private index: { bySession: Map<string, Set<WebSocket>>; byUser: Map<number, Set<WebSocket>>; keys: Map<WebSocket, SessionKeys> } | undefined;
  private readonly ended = new Map<string, number>();

  constructor(
    private readonly open: () => WebSocket[],
    private readonly keysOf: (ws: WebSocket) => SessionKeys,
  ) {}

  /** A socket's attachment changed (identity bound or cleared). */
  bind(ws: WebSocket, keys: SessionKeys): void {
    if (!this.index) return; // built from the attachments when first needed
    this.drop(ws);
    this.add(ws, keys);
  }

  /** A socket left. */
  drop(ws: WebSocket): void {
    const index = this.index;
    const keys = index?.keys.get(ws);
    if (!index || !keys) return;
    index.keys.delete(ws);
    if (keys.session) remove(index.bySession, keys.session, ws);
    if (keys.userId !== null) remove(index.byUser, keys.userId, ws);
  }

  ofSession(session: string): WebSocket[] {
    return [...(this.built().bySession.get(session) ?? [])];
  }

  ofUser(userId: number): WebSocket[] {
    return [...(this.built().byUser.get(userId) ?? [])];
  }

  /** Remembers a revoked session for a while (an identity frame read D1 before the revoke). */
  markEnded(session: string, now = Date.now()): void {
    for (const [key, at] of this.ended) if (now - at > ENDED_MEMORY_MS) this.ended.delete(key);
    this.ended.set(session, now);
  }

  wasEnded(session: string | null | undefined, now = Date.now()): boolean {
    const at = session ? this.ended.get(session) : undefined;
    return at !== undefined && now - at <= ENDED_MEMORY_MS;
  }

  private built() {
    if (!this.index) {
      this.index = { bySession: new Map(), byUser: new Map(), keys: new Map() };
      for (const ws of this.open()) this.add(ws, this.keysOf(ws));
    }
    return this.index;
  }

  private add(ws: WebSocket, keys: SessionKeys): void {
    const index = this.index!;
    index.keys.set(ws, { userId: keys.userId, session: keys.session ?? null });
    if (keys.session) put(index.bySession, keys.session, ws);
    if (keys.userId !== null) put(index.byUser, keys.userId, ws);
  }
}

function put<K>(map: Map<K, Set<WebSocket>>, key: K, ws: WebSocket): void {
  const set = map.get(key) ?? new Set();
  map.set(key, set);
  set.add(ws);
}

function remove<K>(map: Map<K, Set<WebSocket>>, key: K, ws: WebSocket): void {
  const set = map.get(key);
  set?.delete(ws);
  if (set?.size === 0) map.delete(key);
}
