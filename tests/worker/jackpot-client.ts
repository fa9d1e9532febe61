// Test helpers for the jackpot rooms: real sockets through the worker (/ws/jackpot?level=), bets
// through the API, the clock. The tests move Date forward (vi.setSystemTime) and fire a level's
// alarm with runDurableObjectAlarm, so a round runs in milliseconds with the room's real code.
import { runDurableObjectAlarm } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { expect, vi } from "vitest";
import type { JackpotLevel } from "../../shared/constants";
import type { JackpotServerFrame } from "../../shared/rooms/jackpot";
import { jackpotRoom } from "../../worker/rooms/jackpot/stub";
import { post } from "./user-fixtures";

type Event = JackpotServerFrame["event"];
export type FrameOf<E extends Event> = Extract<JackpotServerFrame, { event: E }>;

export class JackpotClient {
  readonly frames: JackpotServerFrame[] = [];
  bytes = 0;
  private wake: (() => void)[] = [];

  constructor(readonly ws: WebSocket) {
    ws.addEventListener("message", (e) => {
      this.bytes += (e.data as string).length;
      this.frames.push(JSON.parse(e.data as string) as JackpotServerFrame);
      for (const w of this.wake.splice(0)) w();
    });
  }

  send(frame: unknown): void {
    this.ws.send(typeof frame === "string" ? frame : JSON.stringify(frame));
  }

  all<E extends Event>(event: E): FrameOf<E>[] {
    return this.frames.filter((f): f is FrameOf<E> => f.event === event);
  }

  async next<E extends Event>(event: E, match: (f: FrameOf<E>) => boolean = () => true, skip = 0, timeoutMs = 4_000): Promise<FrameOf<E>> {
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

  close(): void {
    try {
      this.ws.close(1000, "bye");
    } catch {
      // already closed
    }
  }
}

export async function connectJackpot(level: JackpotLevel, apiToken?: string): Promise<JackpotClient> {
  const res = await exports.default.fetch(`http://x/ws/jackpot?level=${level}`, { headers: { Upgrade: "websocket" } });
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  ws.accept();
  const client = new JackpotClient(ws);
  await client.next("jackpotInit");
  if (apiToken !== undefined) {
    client.send({ event: "identity", data: { apiToken } });
    await client.next("jackpotInit", () => true, 1);
  }
  return client;
}

export const levelRoom = (level: JackpotLevel) => jackpotRoom(env, level);

/** POST /api/jackpot/setBet; answers the status and the JSON. */
export async function setBet(token: string | undefined, level: JackpotLevel, items: unknown) {
  const res = await post("/api/jackpot/setBet", { level, items }, token);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & { message: string } };
}

export function advanceClock(ms: number): void {
  if (!vi.isFakeTimers()) vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Date.now() + ms);
}

/** Moves the clock to `at` (epoch ms) and fires the level's due timers. */
export async function fireAt(level: JackpotLevel, at: number): Promise<void> {
  if (Date.now() < at) advanceClock(at - Date.now());
  await runDurableObjectAlarm(levelRoom(level));
}

export async function jackpotRoundRow(id: number) {
  return env.DB.prepare("SELECT * FROM jackpot_rounds WHERE id = ?1").bind(id).first<{
    id: number;
    level: string;
    chain_index: number;
    status: string;
    secret: string | null;
    public_hash: string;
    bank: number;
    winning_ticket: number | null;
    winner_id: number | null;
    commission: number;
    commission_due: number;
    win: number | null;
    day_of_month: number;
  }>();
}
