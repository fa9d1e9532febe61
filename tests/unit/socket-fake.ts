// A fake browser WebSocket for the socket client's unit tests: the test opens, feeds and drops it.
import type { WebSocketLike } from "../../web/src/lib/socket";

export class FakeSocket implements WebSocketLike {
  readyState = 0;
  readonly sent: string[] = [];
  closedWith: { code?: number; reason?: string } | undefined;
  onopen: WebSocketLike["onopen"] = null;
  onmessage: WebSocketLike["onmessage"] = null;
  onclose: WebSocketLike["onclose"] = null;
  onerror: WebSocketLike["onerror"] = null;

  constructor(readonly url: string) {}

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
    this.onopen?.({});
  }

  serverSend(frame: unknown): void {
    this.onmessage?.({ data: typeof frame === "string" ? frame : JSON.stringify(frame) });
  }

  serverClose(code = 1006): void {
    this.readyState = 3;
    this.onclose?.({ code });
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
