// Test helpers for room sockets (/ws/hub, /ws/chat and the game rooms' /ws/crash, /ws/jackpot,
// /ws/wheel): real sockets through the worker, users with live sessions.
import { env, exports } from "cloudflare:workers";
import { expect } from "vitest";
import { createSession } from "../../worker/auth/sessions";
import { db } from "../../worker/db/client";
import { users } from "../../worker/db/schema";
import type { ChatServerFrame } from "../../shared/rooms/chat";
import type { HubServerFrame } from "../../shared/rooms/hub";
import { hub } from "../../worker/rooms/hub";

type Frame = { event: string; data: unknown };
/** The frame of `F` whose event is `E`. */
export type FrameIn<F extends Frame, E extends F["event"]> = Extract<F, { event: E }>;

export class RoomClient<F extends Frame> {
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

  /** The frames of one event received so far. */
  all<E extends F["event"]>(event: E): FrameIn<F, E>[] {
    return this.frames.filter((f): f is FrameIn<F, E> => f.event === event);
  }

  /**
   * The first frame of `event` (received after `skip` earlier ones) matching `match`. The deadline
   * is on performance.now(): the game tests fake Date.
   */
  async next<E extends F["event"]>(event: E, match: (f: FrameIn<F, E>) => boolean = () => true, skip = 0, timeoutMs = 4_000): Promise<FrameIn<F, E>> {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const found = this.all(event).slice(skip).find(match);
      if (found) return found;
      if (performance.now() > deadline) throw new Error(`timed out waiting for ${event}; got ${JSON.stringify(this.frames.map((f) => f.event))}`);
      await new Promise<void>((resolve) => {
        this.wake.push(resolve);
        setTimeout(resolve, 20);
      });
    }
  }

  /** Sends `frame` and waits for the next frame of `event` (counted from now). */
  async ask<E extends F["event"]>(frame: unknown, event: E): Promise<FrameIn<F, E>> {
    const skip = this.all(event).length;
    this.send(frame);
    return this.next(event, () => true, skip);
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
    const deadline = performance.now() + timeoutMs;
    while (!this.closed) {
      if (performance.now() > deadline) throw new Error("socket never closed");
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

/** A socket on `path` (/ws/hub, /ws/jackpot?level=low …). */
async function connectRoom<F extends Frame>(path: string): Promise<RoomClient<F>> {
  const res = await exports.default.fetch(`http://x${path}`, { headers: { Upgrade: "websocket" } });
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  ws.accept();
  return new RoomClient<F>(ws);
}

/** A socket on the site hub (/ws/hub). */
export const connectHub = () => connectRoom<HubServerFrame>("/ws/hub");
/** A socket on the chat room (/ws/chat). */
export const connectChatSocket = () => connectRoom<ChatServerFrame>("/ws/chat");

/**
 * A socket on a game room: waits for the room's `initEvent`; with a token, identifies and waits
 * for the second `initEvent` (the room's answer to identity).
 */
export async function connectGameRoom<F extends Frame>(path: string, initEvent: F["event"], apiToken?: string): Promise<RoomClient<F>> {
  const client = await connectRoom<F>(path);
  await client.next(initEvent);
  if (apiToken !== undefined) await client.ask({ event: "identity", data: { apiToken } }, initEvent);
  return client;
}

/**
 * A barrier on hub sockets: a frame the hub sends after everything it sent before reaches each
 * socket after those (a socket's frames arrive in order). Resolves once every client got it, so a
 * frame that has not arrived by then was never sent.
 */
export async function hubBarrier(clients: readonly HubClient[]): Promise<void> {
  const seen = clients.map((c) => c.all("pong").length);
  await hub(env).broadcast({ event: "pong", data: {} });
  await Promise.all(clients.map((c, i) => c.next("pong", () => true, seen[i])));
}

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
  // a staff session past the second factor, as the dev login mints it
  const now = Date.now();
  const token = await createSession(d, user.id, 1, now, user.isAdmin || user.isModerator ? now : null);
  return { user, token };
}

export function closeAll(clients: { close(): void }[]): void {
  for (const c of clients) c.close();
}
