// The admin routes push to the user's open hub sockets (/ws/hub) without a reload.
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { hub } from "../../worker/rooms/hub";
import { makeUser, post } from "./user-fixtures";

type Frame = { event: string; data: Record<string, unknown> };

async function openHub(token: string) {
  const res = await exports.default.fetch("http://x/ws/hub", { headers: { Upgrade: "websocket" } });
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  ws.accept();
  const frames: Frame[] = [];
  ws.addEventListener("message", (e) => frames.push(JSON.parse(e.data as string) as Frame));
  ws.send(JSON.stringify({ event: "identity", data: { apiToken: token } }));
  const waitFor = async (match: (f: Frame) => boolean, what: string) => {
    for (let i = 0; i < 200; i++) {
      const found = frames.find(match);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`no ${what}; got ${JSON.stringify(frames)}`);
  };
  // bound once the hub counts this socket as a signed-in user
  for (let i = 0; i < 200 && (await hub(env).online()).users < 1; i++) await new Promise((r) => setTimeout(r, 20));
  expect((await hub(env).online()).users).toBe(1);
  return { ws, frames, waitFor };
}

async function closeHub(ws: WebSocket) {
  ws.close(1000, "bye");
  for (let i = 0; i < 200 && (await hub(env).online()).total > 0; i++) await new Promise((r) => setTimeout(r, 20));
}

describe("live pushes from the admin routes", () => {
  it("an adjustment pushes updateBalance and the notification to the user's socket", async () => {
    const boss = await makeUser({ isAdmin: true });
    const player = await makeUser({ balance: 0 });
    const live = await openHub(player.token);
    try {
      const res = await post("/api/admin/users/adjust", { user_id: player.user.id, amount: 4.2, reason: "welcome" }, boss.token);
      expect(await res.json()).toEqual({ success: true, balance: 4.2 });
      expect(await live.waitFor((f) => f.event === "updateBalance", "updateBalance")).toEqual({ event: "updateBalance", data: { balance: 4.2 } });
      const note = await live.waitFor((f) => f.event === "notification", "notification");
      expect(note.data).toMatchObject({ name: "balance_adjusted", content: "+4.20", is_read: false });
    } finally {
      await closeHub(live.ws);
    }
  });

  it("a ban pushes userBanned to the user's socket", async () => {
    const boss = await makeUser({ isAdmin: true });
    const player = await makeUser();
    const live = await openHub(player.token);
    try {
      expect((await post("/api/admin/users/ban", { user_id: player.user.id }, boss.token)).status).toBe(200);
      expect(await live.waitFor((f) => f.event === "userBanned", "userBanned")).toEqual({ event: "userBanned", data: {} });
    } finally {
      await closeHub(live.ws);
    }
  });

  it("a failing hub never fails the adjustment or the ban (logged only)", async () => {
    const boss = await makeUser({ isAdmin: true });
    const player = await makeUser();
    const real = env.HUB_ROOM;
    // the worker reads the same env object: make every hub call throw
    (env as { HUB_ROOM: unknown }).HUB_ROOM = {
      idFromName: () => {
        throw new Error("hub down");
      },
    };
    try {
      const res = await post("/api/admin/users/adjust", { user_id: player.user.id, amount: 2, reason: "while hub is down" }, boss.token);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ success: true, balance: 2 });
      const note = await env.DB.prepare("SELECT content FROM notifications WHERE user_id = ?1").bind(player.user.id).first<{ content: string }>();
      expect(note?.content).toBe("+2.00");
      expect((await post("/api/admin/users/ban", { user_id: player.user.id }, boss.token)).status).toBe(200);
    } finally {
      (env as { HUB_ROOM: unknown }).HUB_ROOM = real;
    }
    expect(env.HUB_ROOM).toBe(real);
  });
});
