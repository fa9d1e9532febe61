// /api/crash/* answers and sad paths; /api/admin/crash/* guards, the dev tools and, with the dev
// flag off, the production emergency stop (void + refund).
import { env } from "cloudflare:workers";
import { Hono } from "hono";
import { afterAll, describe, expect, it, vi } from "vitest";
import { getGameAnswer } from "../../shared/api/crash";
import { readSession } from "../../worker/auth/middleware";
import { adminCrashRoutes } from "../../worker/api/admin/crash";
import type { AppEnv } from "../../worker/env";
import { betRow, giveItem, itemRow, roundRow } from "./crash-fixtures";
import { connectCrash } from "./crash-client";
import { auditRows, makeUser, post } from "./user-fixtures";

afterAll(() => vi.useRealTimers());

/** The admin routes as production runs them (DEV_MODE off). */
const production = new Hono<AppEnv>().use("/api/*", readSession).route("/", adminCrashRoutes);
const prodPost = (path: string, body: unknown, token: string) =>
  production.request(
    path,
    { method: "POST", headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` }, body: JSON.stringify(body) },
    { ...env, DEV_MODE: "false" },
  );

describe("/api/crash", () => {
  it("getHistory: empty before any crash", async () => {
    const res = await post("/api/crash/getHistory");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ history: [] });
  });

  it("getGame: 404 for an unknown round, 400 for a bad id", async () => {
    const missing = await post("/api/crash/getGame", { id: 999_999 });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ status: "error", message: "crash_api.round_not_found" });
    // docs/security.md "Strict ids and pages": true, [1], "1e2", " 1" were read as ids 1, 1, 100, 1 by a coercing schema
    for (const body of [
      {},
      { id: "abc" },
      { id: 0 },
      { id: -3 },
      "{oops",
      { id: true },
      { id: [1] },
      { id: "1e2" },
      { id: " 1" },
      { id: "01" },
      { id: 1.5 },
      { id: 2 ** 53 },
      { id: null },
    ]) {
      const res = await post("/api/crash/getGame", body);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ message: "app_api.invalid_request" });
    }
  });

  it("getGame and myBet show the waiting round without its secret, and the user's bets", async () => {
    const { user, token } = await makeUser({ username: "carol" });
    const items = [await giveItem(user.id, 250), await giveItem(user.id, 125)];
    const c = await connectCrash(token);
    const roundId = c.all("crashInit")[0]!.data.round.id;
    expect(await (await post("/api/crash/myBet", {}, token)).json()).toEqual({ userBet: null, bets: [] });
    const bet = (await c.ask({ event: "newBet", data: { items, autoWithdraw: 2.5 } }, "successBet")).data.bet;

    // the answer is what its shared schema promises
    const game = getGameAnswer.parse(await (await post("/api/crash/getGame", { id: roundId })).json());
    expect(game.game).toMatchObject({ id: roundId, status: "waiting", secret_hash: null, multiplier: null, provably_fair: true, bank: 3.75 });
    expect(game.game.bets).toEqual([bet]);
    const mine = await (await post("/api/crash/myBet", {}, token)).json();
    expect(mine).toEqual({ userBet: { bank: 3.75, value: 0, items: bet.items, autoWithdraw: 2.5 }, bets: [bet] });
    // a visitor has no bet; another user neither
    expect(await (await post("/api/crash/myBet")).json()).toEqual({ userBet: null, bets: [] });
    const other = await makeUser();
    expect(await (await post("/api/crash/myBet", {}, other.token)).json()).toEqual({ userBet: null, bets: [] });
    c.close();
  });
});

describe("/api/admin/crash", () => {
  it("is for admins only: 401 signed out, 403 for players and moderators", async () => {
    const player = await makeUser();
    const moderator = await makeUser({ isModerator: true });
    for (const path of ["/api/admin/crash/forceCrash", "/api/admin/crash/scheduleTwist"]) {
      expect((await post(path, { nextCrash: 2 })).status).toBe(401);
      for (const who of [player, moderator]) {
        const res = await post(path, { nextCrash: 2 }, who.token);
        expect(res.status).toBe(403);
        expect(await res.json()).toMatchObject({ message: "user_api.forbidden" });
      }
    }
  });

  it("scheduleTwist needs a multiplier ≥ 1.00 with two decimals", async () => {
    const admin = await makeUser({ isAdmin: true });
    for (const body of [{}, { nextCrash: 0.99 }, { nextCrash: "abc" }, { nextCrash: 2.001 }]) {
      expect((await post("/api/admin/crash/scheduleTwist", body, admin.token)).status).toBe(400);
    }
    const ok = await post("/api/admin/crash/scheduleTwist", { nextCrash: "1.00" }, admin.token);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ success: true, action: "scheduled" });
    expect((await auditRows()).some((r) => r.action === "crash.schedule_twist" && r.actor_id === admin.user.id)).toBe(true);
  });

  it("in production: scheduleTwist does not exist and forceCrash voids the round and refunds every bet", async () => {
    const admin = await makeUser({ isAdmin: true });
    const { user, token } = await makeUser();
    const item = await giveItem(user.id, 800);
    const c = await connectCrash(token);
    const roundId = c.all("crashInit")[0]!.data.round.id;
    const bet = (await c.ask({ event: "newBet", data: { items: [item], autoWithdraw: 3 } }, "successBet")).data.bet;
    expect((await itemRow(item))?.status).toBe("in_bet");

    expect((await prodPost("/api/admin/crash/scheduleTwist", { nextCrash: 2 }, admin.token)).status).toBe(404);
    const stop = await prodPost("/api/admin/crash/forceCrash", {}, admin.token);
    expect(stop.status).toBe(200);
    expect(await stop.json()).toEqual({ success: true, action: "voided", roundId });
    await c.next("clearBets");
    expect(await betRow(bet.id)).toMatchObject({ status: 3 });
    expect(await itemRow(item)).toMatchObject({ owner_id: user.id, status: "available" });
    expect(await roundRow(roundId)).toMatchObject({ status: "voided", secret_hash: null, crash_point: null });
    expect((await auditRows()).some((r) => r.action === "crash.emergency_stop" && JSON.parse(r.details).roundId === roundId)).toBe(true);
    // the voided round lists no bet; a second stop has nothing to stop
    const game = (await (await post("/api/crash/getGame", { id: roundId })).json()) as { game: { status: string; bets: unknown[] } };
    expect(game.game).toMatchObject({ status: "voided", bets: [] });
    const again = await prodPost("/api/admin/crash/forceCrash", {}, admin.token);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ message: "crash_api.game_over" });
    c.close();
  });
});
