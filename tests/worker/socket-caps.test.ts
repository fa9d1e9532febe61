// docs/security.md "Strict ids and pages": a socket frame over SOCKET.maxFrameLength is refused before it is parsed (close
// 1009, no effect), and one IP holds at most WS_MAX_PER_IP sockets in a room (429 beyond).
import { env, exports } from "cloudflare:workers";
import { afterAll, describe, expect, it, vi } from "vitest";
import { SOCKET } from "../../shared/constants";
import { maxSocketsPerIp } from "../../worker/rooms/base/ip-cap";
import { count, giveItem, itemRow } from "./crash-fixtures";
import { connectCrash } from "./crash-client";
import { connectChatSocket, connectHub, RoomClient } from "./hub-client";
import { makeUser } from "./user-fixtures";

afterAll(() => vi.useRealTimers());

const newBet = (items: number[], autoWithdraw: number) => ({ event: "newBet", data: { items, autoWithdraw } });

function upgrade(room: "hub" | "chat" | "crash", ip: string): Promise<Response> {
  return exports.default.fetch(`http://x/ws/${room}`, { headers: { Upgrade: "websocket", "CF-Connecting-IP": ip } });
}

describe("frame size cap", () => {
  it("closes with 1009 on a frame over the cap and does nothing with it (a valid bet padded with spaces)", async () => {
    const { user, token } = await makeUser();
    const item = await giveItem(user.id, 500);
    const c = await connectCrash(token);
    // JSON.parse would accept the trailing spaces: only the size cap stops this bet
    c.send(JSON.stringify(newBet([item], 2)) + " ".repeat(SOCKET.maxFrameLength));
    expect((await c.waitClosed()).code).toBe(SOCKET.tooBigCode);
    expect(c.all("successBet")).toEqual([]);
    expect((await itemRow(item))?.status).toBe("available");
    expect(await count("SELECT COUNT(*) AS n FROM crash_bets WHERE user_id = ?1", user.id)).toBe(0);

    // the same bet within the cap goes through (the frame itself was fine)
    const d = await connectCrash(token);
    expect((await d.ask(newBet([item], 2), "successBet")).data.bet.bank).toBe(5);
    d.close();
  });

  for (const [room, connect] of [
    ["hub", connectHub],
    ["chat", connectChatSocket],
  ] as const) {
    it(`a binary frame over the cap closes the ${room} socket too; a frame at the cap is read`, async () => {
      const c: RoomClient<{ event: string; data: unknown }> = await connect();
      c.send(`{"event":"ping","data":{}}`.padEnd(SOCKET.maxFrameLength, " "));
      await c.waitFor((f) => f.event === "pong", "pong");
      c.ws.send(new Uint8Array(SOCKET.maxFrameLength + 1));
      expect((await c.waitClosed()).code).toBe(SOCKET.tooBigCode);
    });
  }
});

describe.each(["hub", "chat"] as const)("sockets per IP per room (%s)", (room) => {
  it("refuses the N+1th socket of one IP with 429, while another IP still connects; a closed one frees a place", async () => {
    const max = maxSocketsPerIp(env);
    expect(max).toBe(SOCKET.defaultMaxPerIp); // wrangler.toml WS_MAX_PER_IP
    const open: WebSocket[] = [];
    for (let i = 0; i < max; i++) {
      const res = await upgrade(room, "203.0.113.7");
      expect(res.status, `socket ${i + 1}`).toBe(101);
      res.webSocket!.accept();
      open.push(res.webSocket!);
    }
    const refused = await upgrade(room, "203.0.113.7");
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ status: "error", message: "app_api.too_many_requests" });

    // another IP, and the same IP in another room, are not affected
    const other = await upgrade(room, "198.51.100.9");
    expect(other.status).toBe(101);
    other.webSocket!.accept();
    const crash = await upgrade("crash", "203.0.113.7");
    expect(crash.status).toBe(101);
    crash.webSocket!.accept();

    // one closes: the IP may open one again
    const leaving = new RoomClient(open.shift()!);
    leaving.close();
    await leaving.waitClosed();
    let again: Response | undefined;
    for (let i = 0; i < 40 && again?.status !== 101; i++) {
      again = await upgrade(room, "203.0.113.7");
      if (again.status !== 101) await new Promise((r) => setTimeout(r, 25));
    }
    expect(again!.status).toBe(101);
    again!.webSocket!.accept();
    for (const ws of [...open, other.webSocket!, crash.webSocket!, again!.webSocket!]) ws.close(1000, "bye");
  });
});
