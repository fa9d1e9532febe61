import { env, exports } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "../../worker/db/client";
import { auditLog } from "../../worker/db/schema";
import { readMaintenance, writeSetting } from "../../worker/lib/settings";
import { hub } from "../../worker/rooms/hub";
import { closeAll, connectHub, makeUser, type HubClient } from "./hub-client";

let open: HubClient[] = [];
afterEach(async () => {
  closeAll(open);
  open = [];
  await writeSetting(env, "maintenance", "false");
});

function post(body: unknown, token?: string) {
  return exports.default.fetch("http://x/api/admin/maintenance", {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

describe("POST /api/admin/maintenance", () => {
  it("answers 401 without a token and 403 for a moderator or player, changing nothing", async () => {
    const mod = await makeUser({ isModerator: true });
    const player = await makeUser();
    const res = await post({ enabled: true });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ message: "user_api.unauthorized" });
    for (const who of [mod, player]) {
      const r = await post({ enabled: true }, who.token);
      expect(r.status).toBe(403);
      expect(await r.json()).toMatchObject({ message: "user_api.forbidden" });
    }
    expect(await readMaintenance(env)).toBe(false);
  });

  it.each([[{}], [{ enabled: "yes" }], [{ enabled: 1 }], ["{nope"], [{ enabled: true, extra: 1 }]])("rejects the body %j with 400", async (body) => {
    const admin = await makeUser({ isAdmin: true });
    const res = await post(body, admin.token);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: "app_api.invalid_request" });
    expect(await readMaintenance(env)).toBe(false);
    const audits = await db(env).select().from(auditLog).where(eq(auditLog.actorId, admin.user.id)).all();
    expect(audits).toEqual([]);
  });

  it("switches maintenance on and off, audits it, and tells every socket", async () => {
    const admin = await makeUser({ isAdmin: true });
    const player = await makeUser();
    const p = await connectHub();
    const v = await connectHub();
    open.push(p, v);
    p.identify(player.token);
    await v.waitOnline(1, 1);

    const on = await post({ enabled: true }, admin.token);
    expect(on.status).toBe(200);
    expect(await on.json()).toEqual({ success: true, maintenance: true, message: null });
    expect(await readMaintenance(env)).toBe(true);
    for (const c of [p, v])
      expect(await c.waitFor((f) => f.event === "refreshPage")).toEqual({ event: "refreshPage", data: { maintenance: true, message: null } });

    const config = await exports.default.fetch("http://x/api/getConfig", { method: "POST" });
    expect(await config.json()).toMatchObject({ maintenance: true });

    const off = await post({ enabled: false }, admin.token);
    expect(await off.json()).toEqual({ success: true, maintenance: false, message: null });
    expect(await readMaintenance(env)).toBe(false);
    await v.waitFor((f) => f.event === "refreshPage" && !f.data.maintenance, "refreshPage off");

    const audits = await db(env)
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, admin.user.id), eq(auditLog.action, "maintenance")))
      .all();
    expect(audits.map((a) => JSON.parse(a.details))).toEqual([
      { enabled: true, message: null },
      { enabled: false, message: null },
    ]);
  });

  it("setMaintenance over RPC reaches sockets without touching the flag", async () => {
    const v = await connectHub();
    open.push(v);
    expect((await hub(env).setMaintenance(true)).sent).toBeGreaterThanOrEqual(1);
    await v.waitFor((f) => f.event === "refreshPage" && f.data.maintenance, "refreshPage");
    expect(await readMaintenance(env)).toBe(false);
  });
});
