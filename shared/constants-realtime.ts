// The room sockets' and the hub's constants (docs/api.md "Sockets", docs/relay.md). A part of
// shared/constants.ts, which re-exports it: import it from there.

/** Room sockets (docs/api.md "Sockets"): limits and the client's reconnect schedule. */
export const SOCKET = {
  /** More frames than this within one window closes the socket (policy violation). */
  flood: { maxFrames: 40, windowMs: 10_000 },
  /** WebSocket close code 1008 "policy violation". */
  policyViolationCode: 1008,
  /**
   * A client frame longer than this (UTF-16 units of a text frame, bytes of a binary one) is
   * refused before it is parsed, and the socket closed with tooBigCode (docs/security.md "Strict ids and pages"). The largest
   * real frame (newBet with CRASH.maxItemsPerBet ids and a token) is about 1.2 KB.
   */
  maxFrameLength: 8 * 1024,
  /** WebSocket close code 1009 "message too big". */
  tooBigCode: 1009,
  /** Open sockets one IP may hold in one room; more answer 429 (wrangler var WS_MAX_PER_IP). */
  defaultMaxPerIp: 20,
  /**
   * A room closes a socket whose session ended: 4001 after that session's logout (the client
   * forgets the token), 4003 after a site ban (the client's banned path). The reason text is the
   * name. The client reconnects as it does after any close, then as a visitor.
   */
  sessionEnded: { signed_out: 4001, banned: 4003 },
  /** The client pings this often; with no frame for two intervals it reconnects. */
  pingIntervalMs: 25_000,
  /**
   * Reconnect delay after the n-th failed attempt: min(maxMs, base·factor^(n − 1)), the base drawn
   * once per socket in [baseMs·(1 − jitter), baseMs]; a connection up for stableAfterMs restarts it.
   */
  reconnect: { baseMs: 500, factor: 2, maxMs: 30_000, jitter: 0.5, stableAfterMs: 10_000 },
  /** Frames the client keeps while its socket is closed (sent after identity on the next open). */
  sendQueueMax: 20,
  /**
   * Relays (docs/relay.md): watchers' sockets held by relay Durable Objects, the room sending one
   * frame per relay. At most maxRelays relays per room; the room keeps its last `backlog` frames
   * for a relay that missed some (and a failing relay's queue at most that many); an init fetched
   * for one watcher serves those that join within initReuseMs; a failed delivery is retried,
   * spaced base·2^n up to maxMs, for as long as it fails.
   */
  relay: { maxRelays: 64, backlog: 512, initReuseMs: 250, retry: { baseMs: 50, maxMs: 2_000 } },
  /**
   * A relay's socket listens only: an identity with a token closes it with this code, and the
   * client comes back straight to the room, where it can bet (docs/relay.md).
   */
  relayDirectCode: 4010,
} as const;

export const HUB = {
  /** `online` is broadcast at most this often (changes in between are coalesced). */
  onlineThrottleMs: 500,
} as const;
