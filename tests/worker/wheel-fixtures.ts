// Helpers for the wheel worker tests: a socket client of /ws/wheel (hub-client.ts's RoomClient),
// the room's stub, the clock (room-clock.ts), rows in D1 and the expected result of a round from
// the dev chain.
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import type { WheelState } from "../../shared/api/wheel";
import { chainWalk, wheelSegment } from "../../shared/fairness";
import type { WheelServerFrame } from "../../shared/rooms/wheel";
import { DEFAULT_WHEEL_LAYOUT, type WheelColour } from "../../shared/wheel-layout";
import { wheelRoom } from "../../worker/rooms/wheel/stub";
import { connectGameRoom } from "./hub-client";
import { fireRoomAt } from "./room-clock";
import { post } from "./user-fixtures";

export { advanceClock } from "./room-clock";

export const connectWheel = (apiToken?: string) => connectGameRoom<WheelServerFrame>("/ws/wheel", "wheelInit", apiToken);

export const wheel = () => wheelRoom(env);

/** Moves the clock to `at` (epoch ms) and fires the room's due timers. */
export const fireAt = (at: number) => fireRoomAt(wheel(), at);

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
