// Test helpers for the hub socket: real sockets through the worker, users with live sessions.
import { env, exports } from "cloudflare:workers";
import { expect } from "vitest";
import { createSession } from "../../worker/auth/sessions";
import { db } from "../../worker/db/client";
import { users } from "../../worker/db/schema";
import type { ChatServerFrame } from "../../shared/rooms/chat";

export class HubClient {
  readonly frames: ChatServerFrame[] = [];
  closed: { code: number; reason: string } | undefined;
  private wake: (() => void)[] = [];

  constructor(readonly ws: WebSocket) {
    ws.addEventListener("message", (e) => {
      this.frames.push(JSON.parse(e.data as string) as ChatServerFrame);
      this.notify();
    });
    ws.addEventListener("close", (e) => {
      this.closed = { code: e.code, reason: e.reason };
      this.notify();
    });
  }

  send(frame: unknown): void {
    this.ws.send(typeof frame === "string" ? frame : JSON.stringify(frame));
  }

  identify(apiToken: string): void {
    this.send({ event: "identity", data: { apiToken } });
  }

  /** Resolves with the first received frame (old or new) matching `match`. */
  async waitFor(match: (f: ChatServerFrame) => boolean, what = "frame", timeoutMs = 4_000): Promise<ChatServerFrame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.frames.find(match);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; got ${JSON.stringify(this.frames)}`);
      await new Promise<void>((resolve) => {
        this.wake.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }

  /** Waits until the latest `online` frame shows these counts. */
  async waitOnline(users: number, visitors: number): Promise<void> {
    const deadline = Date.now() + 4_000;
    for (;;) {
      const last = this.frames.filter((f) => f.event === "online").at(-1);
      if (last && last.event === "online" && last.data.users === users && last.data.visitors === visitors) {
        expect(last.data.total).toBe(users + visitors);
        return;
      }
      if (Date.now() > deadline) throw new Error(`online never became ${users}/${visitors}; last ${JSON.stringify(last)}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  async waitClosed(timeoutMs = 4_000): Promise<{ code: number; reason: string }> {
    const deadline = Date.now() + timeoutMs;
    while (!this.closed) {
      if (Date.now() > deadline) throw new Error("socket never closed");
      await new Promise((r) => setTimeout(r, 25));
    }
    return this.closed;
  }

  close(): void {
    try {
      this.ws.close(1000, "bye");
    } catch {
      // already closed
    }
  }

  private notify(): void {
    for (const w of this.wake.splice(0)) w();
  }
}

export async function connectHub(): Promise<HubClient> {
  const res = await exports.default.fetch("http://x/ws/chat", { headers: { Upgrade: "websocket" } });
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  ws.accept();
  return new HubClient(ws);
}

let n = 0;
export async function makeUser(opts: { banned?: boolean; isAdmin?: boolean; isModerator?: boolean } = {}) {
  const d = db(env);
  const user = await d
    .insert(users)
    .values({ username: `hub-user-${++n}-${Math.random().toString(36).slice(2, 7)}`, ...opts })
    .returning()
    .get();
  const token = await createSession(d, user.id, 1);
  return { user, token };
}

export function closeAll(clients: HubClient[]): void {
  for (const c of clients) c.close();
}
