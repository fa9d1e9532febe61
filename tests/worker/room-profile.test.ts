// The dev route the benches read a room's profile from (worker/rooms/base/profile.ts): admin
// and dev flag only; it reports the frames a room handled, the phases it waited for and the
// frames it sent, and a reset starts a new count.
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import type { roomProfileAnswer } from "../../shared/api/admin-ops";
import { makeUser, post } from "./user-fixtures";

async function profile(token: string, body: unknown) {
  const res = await post("/api/admin/rooms/profile", body, token);
  return { status: res.status, json: (await res.json()) as z.infer<typeof roomProfileAnswer> };
}

async function oneSocket(path: string): Promise<WebSocket> {
  const res = await SELF.fetch(`http://localhost${path}`, { headers: { Upgrade: "websocket" } });
  const ws = res.webSocket!;
  ws.accept();
  return ws;
}

describe("POST /api/admin/rooms/profile", () => {
  it("reports a room's frames handled and sent, and resets", async () => {
    const admin = await makeUser({ isAdmin: true });
    const ws = await oneSocket("/ws/crash");
    const init = new Promise<void>((resolve) => ws.addEventListener("message", () => resolve(), { once: true }));
    await init; // the room's crashInit on join
    const first = await profile(admin.token, { room: "crash", reset: true });
    expect(first.status).toBe(200);
    expect(first.json.sockets).toBeGreaterThanOrEqual(1);
    expect(first.json.sent.crashInit!.frames).toBeGreaterThanOrEqual(1);
    expect(first.json.sent.crashInit!.bytes).toBeGreaterThan(first.json.sent.crashInit!.frames);
    const after = await profile(admin.token, { room: "crash", reset: false });
    expect(after.json.sent.crashInit).toBeUndefined();
    expect(after.json.since).toBeGreaterThanOrEqual(first.json.since);
    ws.close();
  });

  it("is the admin's only, with strict bodies", async () => {
    const player = await makeUser();
    expect((await profile(player.token, { room: "crash", reset: false })).status).toBe(403);
    const admin = await makeUser({ isAdmin: true });
    expect((await profile(admin.token, { room: "chat", reset: false })).status).toBe(400);
    expect((await profile(admin.token, { room: "crash", reset: 1 })).status).toBe(400);
    expect((await profile(admin.token, { room: "crash", reset: false, extra: 1 })).status).toBe(400);
    const jackpot = await profile(admin.token, { room: "jackpot", level: "medium", reset: false });
    expect(jackpot.status).toBe(200);
  });
});
