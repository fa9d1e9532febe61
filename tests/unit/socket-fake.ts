// A fake browser WebSocket for the socket client's unit tests: the test opens, feeds and drops it.
// Events go through EventTarget as a browser's do (partysocket listens with addEventListener).
import { vi } from "vitest";
import type { WebSocketLike } from "../../web/src/lib/socket";

const event = <T extends object>(type: string, fields: T): Event & T => Object.assign(new Event(type), fields);

export class FakeSocket extends EventTarget implements WebSocketLike {
  readyState = 0;
  binaryType = "blob";
  readonly sent: string[] = [];
  closedWith: { code?: number; reason?: string } | undefined;

  constructor(readonly url: string) {
    super();
  }

  send(data: string): void {
    if (this.readyState !== 1) throw new Error("not open");
    this.sent.push(data);
  }

  close(code?: number, reason?: string): void {
    this.readyState = 3;
    this.closedWith = { code, reason };
  }

  // ── test side ──
  serverOpen(): void {
    this.readyState = 1;
    this.dispatchEvent(new Event("open"));
  }

  serverSend(frame: unknown): void {
    this.dispatchEvent(event("message", { data: typeof frame === "string" ? frame : JSON.stringify(frame) }));
  }

  serverClose(code = 1006): void {
    this.readyState = 3;
    this.dispatchEvent(event("close", { code, reason: "", wasClean: false }));
  }

  serverError(): void {
    this.dispatchEvent(event("error", { message: "failed", error: new Error("failed") }));
  }

  sentFrames(): { event: string; data: unknown }[] {
    return this.sent.map((s) => JSON.parse(s) as { event: string; data: unknown });
  }
}

/** A factory recording every socket it made. */
export function fakeFactory() {
  const sockets: FakeSocket[] = [];
  const connect = (url: string) => {
    const s = new FakeSocket(url);
    sockets.push(s);
    return s;
  };
  return { sockets, connect, last: () => sockets.at(-1)! };
}

/**
 * Lets the client's (re)connect run: partysocket makes its socket after a timer (the reconnect
 * delay, 0 the first time) and a few promise steps. `ms`: how far to move fake timers.
 */
export async function settle(ms = 0): Promise<void> {
  if (vi.isFakeTimers()) await vi.advanceTimersByTimeAsync(ms);
  else await new Promise((resolve) => setTimeout(resolve, ms + 1));
}
