// Test helpers for room sockets (/ws/hub, /ws/chat): real sockets through the worker, users with
// live sessions.
import { env, exports } from "cloudflare:workers";
import { expect } from "vitest";
import { createSession } from "../../worker/auth/sessions";
import { db } from "../../worker/db/client";
import { users } from "../../worker/db/schema";
import type { ChatServerFrame } from "../../shared/rooms/chat";
import type { HubServerFrame } from "../../shared/rooms/hub";
import { hub } from "../../worker/rooms/hub";

export class RoomClient<F extends { event: string; data: unknown }> {
  readonly frames: F[] = [];
  closed: { code: number; reason: string } | undefined;
  private wake: (() => void)[] = [];

  constructor(readonly ws: WebSocket) {
    ws.addEventListener("message", (e) => {
      this.frames.push(JSON.parse(e.data as string) as F);
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
  async waitFor<M extends F>(match: ((f: F) => f is M) | ((f: F) => boolean), what = "frame", timeoutMs = 4_000): Promise<M> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.frames.find(match);
      if (found) return found as M;
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
      const last = this.frames.filter((f) => f.event === "online").at(-1) as Extract<HubServerFrame, { event: "online" }> | undefined;
      if (last && last.data.users === users && last.data.visitors === visitors) {
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

export type HubClient = RoomClient<HubServerFrame>;
export type ChatClient = RoomClient<ChatServerFrame>;

async function connectRoom<F extends { event: string; data: unknown }>(room: "hub" | "chat"): Promise<RoomClient<F>> {
  const res = await exports.default.fetch(`http://x/ws/${room}`, { headers: { Upgrade: "websocket" } });
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  ws.accept();
  return new RoomClient<F>(ws);
}

/** A socket on the site hub (/ws/hub). */
export const connectHub = () => connectRoom<HubServerFrame>("hub");
/** A socket on the chat room (/ws/chat). */
export const connectChatSocket = () => connectRoom<ChatServerFrame>("chat");

/** Identifies a hub socket and waits until it is bound (identity has no answer of its own). */
export async function bindHub(c: HubClient, who: { token: string; user: { id: number } }): Promise<void> {
  const reach = async () => (await hub(env).notifyUser(who.user.id, { event: "pong", data: {} })).sent;
  const before = await reach(); // the user's other sockets
  c.identify(who.token);
  // bound once the hub reaches the user through one more socket
  for (let i = 0; (await reach()) <= before; i++) {
    if (i > 80) throw new Error("the socket never got bound to the user");
    await new Promise((r) => setTimeout(r, 25));
  }
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

export function closeAll(clients: { close(): void }[]): void {
  for (const c of clients) c.close();
}
