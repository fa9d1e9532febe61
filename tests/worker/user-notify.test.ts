import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { notificationSchema } from "../../shared/api/user";
import { notificationOf, notificationStatement, notifyUserSafe, pushBalance, pushNotification } from "../../worker/lib/notify";
import { makeUser } from "./user-fixtures";

type Frame = { event: string; data: unknown };

/** An env whose HUB_ROOM records what the worker pushes (or fails like an unreachable DO). */
function hubEnv(fail: false | "throw" | "refuse" = false) {
  const sent: Array<{ userId: number; frame: Frame }> = [];
  const names: string[] = [];
  const HUB_ROOM = {
    idFromName: (name: string) => {
      names.push(name);
      return { name };
    },
    get: () => ({
      notifyUser: async (userId: number, frame: Frame) => {
        if (fail === "throw") throw new Error("hub unreachable");
        if (fail === "refuse") return { sent: 0, refused: "invalid frame" };
        sent.push({ userId, frame });
        return { sent: 1 };
      },
    }),
  } as unknown as Env["HUB_ROOM"];
  return { env: { DB: env.DB, HUB_ROOM }, sent, names };
}

describe("worker/lib/notify", () => {
  it("pushBalance sends the fresh balance in dollars to the hub DO", async () => {
    const { user } = await makeUser({ balance: 4321 });
    const hub = hubEnv();
    expect(await pushBalance(hub.env, user.id)).toBe(true);
    expect(hub.names).toEqual(["hub"]);
    expect(hub.sent).toEqual([{ userId: user.id, frame: { event: "updateBalance", data: { balance: 43.21 } } }]);
  });

  it("pushBalance of an unknown user pushes nothing", async () => {
    const hub = hubEnv();
    expect(await pushBalance(hub.env, 777_777)).toBe(false);
    expect(hub.sent).toEqual([]);
  });

  it("notificationStatement stores the row (returned by the batch) and pushNotification sends it as a notification frame", async () => {
    const { user } = await makeUser();
    const hub = hubEnv();
    const json = notificationOf(
      (await env.DB.batch([notificationStatement(env.DB, { userId: user.id, name: "balance_adjusted", content: "+1.00", createdAt: Date.now() })]))[0],
    )!;
    expect(await pushNotification(hub.env, user.id, json)).toBe(true);
    expect(notificationSchema.parse(json)).toMatchObject({ name: "balance_adjusted", content: "+1.00", is_read: false });
    const row = await env.DB.prepare("SELECT id, name FROM notifications WHERE user_id = ?1").bind(user.id).first<{ id: number; name: string }>();
    expect(row).toEqual({ id: json.id, name: "balance_adjusted" });
    expect(hub.sent).toEqual([{ userId: user.id, frame: { event: "notification", data: json } }]);
  });

  it("a failing hub is logged, never thrown: the notification is still stored", async () => {
    const { user } = await makeUser({ balance: 100 });
    const hub = hubEnv("throw");
    expect(await notifyUserSafe(hub.env, user.id, { event: "userBanned", data: {} })).toBe(false);
    expect(await pushBalance(hub.env, user.id)).toBe(false);
    const json = notificationOf(
      (await env.DB.batch([notificationStatement(env.DB, { userId: user.id, name: "quiz_won", content: "c", createdAt: Date.now() })]))[0],
    )!;
    expect(await pushNotification(hub.env, user.id, json)).toBe(false);
    expect(json.id).toBeGreaterThan(0);
  });

  it("a frame the hub refuses counts as not delivered", async () => {
    const { user } = await makeUser({ balance: 100 });
    expect(await notifyUserSafe(hubEnv("refuse").env, user.id, { event: "updateBalance", data: { balance: 1 } })).toBe(false);
    expect(await notifyUserSafe(hubEnv().env, user.id, { event: "updateBalance", data: { balance: 1 } })).toBe(true);
  });
});
