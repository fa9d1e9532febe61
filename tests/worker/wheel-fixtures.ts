// Helpers for the wheel worker tests: a socket client of /ws/wheel, the room's stub, the clock,
// rows in D1 and the expected result of a round from the dev chain.
import { runDurableObjectAlarm } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { expect, vi } from "vitest";
import type { WheelState } from "../../shared/api/wheel";
import { chainWalk, wheelSegment } from "../../shared/fairness";
import type { WheelServerFrame } from "../../shared/rooms/wheel";
import { DEFAULT_WHEEL_LAYOUT, type WheelColour } from "../../shared/wheel-layout";
import { wheelRoom } from "../../worker/rooms/wheel/stub";
import { post } from "./user-fixtures";

type Event = WheelServerFrame["event"];
export type WheelFrameOf<E extends Event> = Extract<WheelServerFrame, { event: E }>;

export class WheelClient {
  readonly frames: WheelServerFrame[] = [];
  readonly texts: string[] = [];
  private wake: (() => void)[] = [];

  constructor(readonly ws: WebSocket) {
    ws.addEventListener("message", (e) => {
      this.texts.push(e.data as string);
      this.frames.push(JSON.parse(e.data as string) as WheelServerFrame);
      for (const w of this.wake.splice(0)) w();
    });
  }

  send(frame: unknown): void {
    this.ws.send(typeof frame === "string" ? frame : JSON.stringify(frame));
  }

  all<E extends Event>(event: E): WheelFrameOf<E>[] {
    return this.frames.filter((f): f is WheelFrameOf<E> => f.event === event);
  }

  async next<E extends Event>(event: E, match: (f: WheelFrameOf<E>) => boolean = () => true, skip = 0, timeoutMs = 4_000): Promise<WheelFrameOf<E>> {
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

  async ask<E extends Event>(frame: unknown, event: E): Promise<WheelFrameOf<E>> {
    const skip = this.all(event).length;
    this.send(frame);
    return this.next(event, () => true, skip);
  }

  close(): void {
    try {
      this.ws.close(1000, "bye");
    } catch {
      // already closed
    }
  }
}

export async function connectWheel(apiToken?: string): Promise<WheelClient> {
  const res = await exports.default.fetch("http://x/ws/wheel", { headers: { Upgrade: "websocket" } });
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  ws.accept();
  const client = new WheelClient(ws);
  await client.next("wheelInit");
  if (apiToken !== undefined) await client.ask({ event: "identity", data: { apiToken } }, "wheelInit");
  return client;
}

export const wheel = () => wheelRoom(env);

/** Moves the clock (Date only; timers stay real) forward by `ms`. */
export function advanceClock(ms: number): void {
  if (!vi.isFakeTimers()) vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Date.now() + ms);
}

/** Moves the clock to `at` (epoch ms) and fires the room's due timers. */
export async function fireAt(at: number): Promise<void> {
  if (Date.now() < at) advanceClock(at - Date.now());
  await runDurableObjectAlarm(wheel());
}

export async function getWheel(token?: string): Promise<WheelState> {
  const res = await post("/api/wheel/get", {}, token);
  expect(res.status).toBe(200);
  return (await res.json()) as WheelState;
}

/** The state once a round is betting with at least `leftMs` of its countdown left (real time: the api walk). */
export async function bettingWheel(leftMs = 1_500): Promise<WheelState> {
  for (let i = 0; i < 400; i++) {
    const s = await getWheel();
    if (s.game.phase === "betting" && (s.game.countdownEndsAt ?? 0) - s.serverTime >= leftMs) return s;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("the wheel never opened a round");
}

export function setBet(token: string | undefined, body: unknown) {
  return post("/api/wheel/setBet", body, token);
}

/** The colour round `k` lands on (the dev chain of the tests' vars, the default layout). */
export function expectedColour(k: number): WheelColour {
  const e = env as unknown as { WHEEL_CHAIN_SEED: string; WHEEL_CHAIN_LENGTH: string; WHEEL_SALT: string };
  const secret = chainWalk(e.WHEEL_CHAIN_SEED, Number(e.WHEEL_CHAIN_LENGTH) - k);
  return DEFAULT_WHEEL_LAYOUT.segments[wheelSegment(secret, e.WHEEL_SALT, DEFAULT_WHEEL_LAYOUT.segments.length)]!;
}

export async function wheelBetRow(id: string) {
  return env.DB.prepare("SELECT * FROM wheel_bets WHERE id = ?1").bind(id).first<{
    id: string;
    round_id: number;
    user_id: number;
    colour: string;
    bank: number;
    status: number;
    win: number;
    win_item_id: number | null;
    remainder: number;
  }>();
}

export async function wheelRoundRow(id: number) {
  return env.DB.prepare("SELECT * FROM wheel_rounds WHERE id = ?1").bind(id).first<{
    id: number;
    status: string;
    bank: number;
    bets_count: number;
    secret_hash: string | null;
    segment: number | null;
    colour: string | null;
    multiplier: number | null;
    rotate: number | null;
  }>();
}
