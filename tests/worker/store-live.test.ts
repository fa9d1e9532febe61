// After a buy or a sale the buyer's open hub sockets get updateBalance (pushBalance), live.
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { hub } from "../../worker/rooms/hub";
import { deposit, makeUser, post } from "./user-fixtures";
import { catalogueItem, houseUnits, tag, userItem } from "./store-fixtures";

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
  for (let i = 0; i < 200 && (await hub(env).online()).users < 1; i++) await new Promise((r) => setTimeout(r, 20));
  return { ws, waitFor };
}

describe("live balance after store operations", () => {
  it("a buy and a sale push the new balance to the user's socket", async () => {
    const t = tag();
    const cat = await catalogueItem(250, `Store ${t} | Live`);
    await houseUnits(cat);
    const me = await makeUser();
    await deposit(me.user.id, 1_000);
    const mine = await userItem(me.user.id, cat, 250);
    const live = await openHub(me.token);
    try {
      expect((await post("/api/user/buy", { buyIds: [cat] }, me.token)).status).toBe(200);
      expect(await live.waitFor((f) => f.event === "updateBalance" && f.data.balance === 7.5, "updateBalance 7.5")).toBeTruthy();
      expect((await post("/api/user/sell", { sellIds: [mine] }, me.token)).status).toBe(200);
      // 7.50 + 2.50 − 0.25 tax
      expect(await live.waitFor((f) => f.event === "updateBalance" && f.data.balance === 9.75, "updateBalance 9.75")).toBeTruthy();
    } finally {
      live.ws.close(1000, "bye");
      for (let i = 0; i < 200 && (await hub(env).online()).total > 0; i++) await new Promise((r) => setTimeout(r, 20));
    }
  });
});
