import { describe, expect, it } from "vitest";
import { SessionSockets, type SessionKeys } from "../../worker/rooms/base/session-sockets";

// the index only uses sockets as keys: plain objects stand in for them
const socket = (name: string) => ({ name }) as unknown as WebSocket;

function room(initial: [WebSocket, SessionKeys][]) {
  const attachments = new Map(initial);
  let reads = 0;
  const index = new SessionSockets(
    () => [...attachments.keys()],
    (ws) => {
      reads++;
      return attachments.get(ws)!;
    },
  );
  return { index, attachments, reads: () => reads };
}

describe("SessionSockets", () => {
  it("reads the attachments once, on the first lookup, then answers by session and by user", () => {
    const [a, b, c, v] = ["a", "b", "c", "v"].map(socket) as [WebSocket, WebSocket, WebSocket, WebSocket];
    const r = room([
      [a, { userId: 1, session: "s1" }],
      [b, { userId: 1, session: "s2" }],
      [c, { userId: 2, session: "s3" }],
      [v, { userId: null, session: null }],
    ]);
    expect(r.reads()).toBe(0);
    expect(r.index.ofSession("s1")).toEqual([a]);
    expect(r.reads()).toBe(4);
    expect(r.index.ofUser(1)).toEqual([a, b]);
    expect(r.index.ofUser(2)).toEqual([c]);
    expect(r.index.ofSession("nope")).toEqual([]);
    expect(r.reads()).toBe(4);
  });

  it("follows binds and leaves once built; before that the attachments are the truth", () => {
    const [a, b] = [socket("a"), socket("b")];
    const r = room([[a, { userId: null }]]);
    // not built yet: a bind is not tracked, the first lookup reads the attachment instead
    r.attachments.set(a, { userId: 5, session: "s5" });
    r.index.bind(a, { userId: 5, session: "s5" });
    expect(r.index.ofSession("s5")).toEqual([a]);
    // built: a new identity moves the socket, a second socket joins, a leave removes it
    r.attachments.set(b, { userId: 5, session: "s6" });
    r.index.bind(b, { userId: 5, session: "s6" });
    r.index.bind(a, { userId: 7, session: "s7" });
    expect(r.index.ofSession("s5")).toEqual([]);
    expect(r.index.ofUser(5)).toEqual([b]);
    expect(r.index.ofUser(7)).toEqual([a]);
    r.index.drop(b);
    expect(r.index.ofUser(5)).toEqual([]);
    expect(r.index.ofSession("s6")).toEqual([]);
    r.index.bind(a, { userId: null, session: null });
    expect(r.index.ofUser(7)).toEqual([]);
  });

  it("remembers an ended session for ten minutes", () => {
    const r = room([]);
    expect(r.index.wasEnded("s1", 0)).toBe(false);
    r.index.markEnded("s1", 1_000);
    expect(r.index.wasEnded("s1", 1_000 + 10 * 60_000)).toBe(true);
    expect(r.index.wasEnded("s1", 1_001 + 10 * 60_000)).toBe(false);
    expect(r.index.wasEnded(null, 1_000)).toBe(false);
    expect(r.index.wasEnded("s2", 1_000)).toBe(false);
  });
});
