// The /ws/crash protocol (shared/rooms/crash.ts) and the API schemas (shared/api/crash.ts).
import { describe, expect, it } from "vitest";
import { getGameBody, scheduleTwistBody } from "../../shared/api/crash";
import { crashClientFrame, crashProtocol, crashServerFrame } from "../../shared/rooms/crash";
import { encodeFrame, parseFrame } from "../../shared/rooms/frame";
import { SERVER_KEYS } from "../../shared/errors";
import en from "../../web/src/locales/en/errors.json";
import { crashInitData } from "../../worker/rooms/crash/views";
import { bet, item, Room, T0 } from "./crash-helpers";

const client = (raw: unknown) => parseFrame(crashClientFrame, JSON.stringify(raw));

describe("client frames", () => {
  it("accepts the five commands and identity / ping", () => {
    for (const f of [
      { event: "identity", data: { apiToken: "" } },
      { event: "ping", data: {} },
      { event: "newBet", data: { items: [1, 2], autoWithdraw: 2.5 } },
      { event: "newBet", data: { items: [], autoWithdraw: 9999.99, token: "x" } },
      { event: "take", data: { betId: "b1" } },
      { event: "twistCrash", data: {} },
      { event: "twistCrash", data: { nextCrash: 1 } },
      { event: "getGame", data: { id: 5 } },
    ]) {
      expect(client(f), JSON.stringify(f)).toEqual({ ok: true, frame: f });
    }
  });
  it.each([
    ["three decimals", { event: "newBet", data: { items: [1], autoWithdraw: 2.555 } }],
    ["below 1.01", { event: "newBet", data: { items: [1], autoWithdraw: 1 } }],
    ["above 9999.99", { event: "newBet", data: { items: [1], autoWithdraw: 10000 } }],
    ["duplicate items", { event: "newBet", data: { items: [1, 1], autoWithdraw: 2 } }],
    ["51 items", { event: "newBet", data: { items: Array.from({ length: 51 }, (_, i) => i + 1), autoWithdraw: 2 } }],
    ["string item ids", { event: "newBet", data: { items: ["1"], autoWithdraw: 2 } }],
    ["extra key", { event: "take", data: { betId: "b", x: 1 } }],
    ["empty bet id", { event: "take", data: { betId: "" } }],
    ["twist below 1", { event: "twistCrash", data: { nextCrash: 0.99 } }],
    ["unknown event", { event: "crashInit", data: {} }],
  ])("refuses %s", (_name, f) => expect(client(f)).toEqual({ ok: false, reason: "shape" }));
  it("refuses text that is not JSON", () => expect(parseFrame(crashClientFrame, "{")).toEqual({ ok: false, reason: "json" }));
});

describe("server frames", () => {
  it("crashProtocol: error frame and the keepalive pair", () => {
    expect(crashServerFrame.parse(crashProtocol.error("crash_api.no_bet"))).toEqual({ event: "error", data: { message: "crash_api.no_bet" } });
    expect(encodeFrame(crashProtocol.keepalive!.ping)).toBe('{"event":"ping","data":{}}');
    expect(encodeFrame(crashProtocol.keepalive!.pong)).toBe('{"event":"pong","data":{}}');
  });
  it("crashInit from a running round with bets parses, hiding the crash point", () => {
    const room = new Room(900).do(bet("a", 1, 200, [item(1, 100), item(2, 200), item(3, 300), item(4, 400)]), T0 + 1).start();
    const data = crashInitData(room.state, 1, false, room.now);
    expect(crashServerFrame.safeParse({ event: "crashInit", data }).success).toBe(true);
    expect(data.round).not.toHaveProperty("crashPoint");
    expect(data.round).not.toHaveProperty("secretHash");
    expect(data.bets[0]).toMatchObject({ items: [{ id: 1 }, { id: 2 }, { id: 3 }], itemsMore: 1, bank: 10 });
    expect(data.selfBets).toHaveLength(1);
    expect(crashInitData(room.state, null, false, room.now).selfBets).toEqual([]);
  });
  it("a crashed round shows its point and secret in crashInit", () => {
    const room = new Room(100).start();
    const data = crashInitData(room.state, null, true, room.now);
    expect(data.round).toMatchObject({ phase: "crashed", crashPoint: 1, secretHash: "sec1", provablyFair: true });
    expect(data.history).toEqual([{ id: 1, value: 1, colourClass: "x-low" }]);
    expect(crashServerFrame.safeParse({ event: "crashInit", data }).success).toBe(true);
  });
  it("refuses a money amount with three decimals", () => {
    const f = { event: "successTake", data: { betId: "b", multiplier: 2, win: 1.005, winItem: null, remainder: 0 } };
    expect(crashServerFrame.safeParse(f).success).toBe(false);
  });
});

describe("API bodies", () => {
  it("getGame id and twist value", () => {
    expect(getGameBody.parse({ id: "12" })).toEqual({ id: 12 });
    expect(getGameBody.safeParse({ id: 0 }).success).toBe(false);
    expect(scheduleTwistBody.parse({ nextCrash: "3" })).toEqual({ nextCrash: 3 });
    expect(scheduleTwistBody.safeParse({ nextCrash: 0.5 }).success).toBe(false);
  });
});

describe("crash catalogue keys", () => {
  it("every crash_api key has an English text; §8 wording for the four spec texts", () => {
    const texts = en.crash_api as Record<string, string>;
    for (const key of SERVER_KEYS.crash) expect(texts[key.split(".")[1]!], key).toBeTruthy();
    expect(texts.game_started).toBe("The game has already started");
    expect(texts.game_over).toBe("The game has already started or ended");
    expect(texts.bet_success).toBe("Successful betting");
    expect(texts.no_bet).toBe("You have not placed a bet on this game");
  });
});
