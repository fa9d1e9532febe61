// The room shell's lifecycle (worker/rooms/base/Room.ts): a frame sent right after `identity` is
// handled as that identity, and a room whose start failed starts again on the next frame.
import { evictDurableObject, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { giveItem, itemRow } from "./crash-fixtures";
import { connectCrash, room } from "./crash-client";
import { makeUser } from "./user-fixtures";

const newBet = (items: number[], autoWithdraw: number) => ({ event: "newBet", data: { items, autoWithdraw } });

describe("room lifecycle", () => {
  it("handles a frame sent right after identity as that identity", async () => {
    const { user, token } = await makeUser();
    const item = await giveItem(user.id, 500);
    const c = await connectCrash(); // a visitor so far
    // no wait between the two: the bet arrives while the room is still checking the token
    c.send({ event: "identity", data: { apiToken: token } });
    c.send(newBet([item], 2));
    const answer = await c.waitFor((f) => f.event === "successBet" || f.event === "errorBet", "the bet's answer");
    expect(answer).toMatchObject({ event: "successBet", data: { bet: { user: { id: user.id } } } });
    expect((await itemRow(item))?.status).toBe("in_bet");
    c.close();
  });

  it("starts again on the next frame after a start that failed", async () => {
    const c = await connectCrash();
    const stored = await runInDurableObject(room(), (_instance, state) => state.storage.get<Record<string, unknown>>("crash:state"));
    expect(stored).toBeDefined();
    // the next instance cannot read its state: its start fails
    await evictDurableObject(room(), { webSockets: "hibernate" });
    await runInDurableObject(room(), (_instance, state) => state.storage.put("crash:state", { ...stored, round: null }));
    expect((await c.ask({ event: "getGame", data: { id: 1 } }, "error")).data.message).toBe("app_error.load");

    // the state is readable again: the same instance starts on the socket's next frame
    await runInDurableObject(room(), (_instance, state) => state.storage.put("crash:state", stored));
    const init = await c.ask({ event: "getGame", data: { id: 1 } }, "crashInit");
    expect(init.data.round.id).toBe((stored as { round: { id: number } }).round.id);
    c.close();
  });
});
