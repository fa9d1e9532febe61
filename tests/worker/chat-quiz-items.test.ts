// POST /api/admin/chat/quiz/items: staff search the house stock for a quiz prize.
import { describe, expect, it } from "vitest";
import { adminChatCall, houseItem, moderator, player } from "./chat-client";
import { giveItem } from "./crash-fixtures";

type Item = { id: number; market_hash_name: string; price: number; rarity_color: string; image: string };
const items = (token: string | undefined, body: Record<string, unknown>) => adminChatCall<{ items: Item[]; message?: string }>("quiz/items", body, token);

describe("quiz prize search", () => {
  it("lists only available house items, dearest first, filtered by the search text", async () => {
    const mod = await moderator();
    const tag = `QzItem${crypto.randomUUID().slice(0, 6)}`;
    const cheap = await houseItem(1_000, "available", `${tag} Cheap`);
    const dear = await houseItem(9_950, "available", `${tag} Dear`);
    await houseItem(5_000, "quiz", `${tag} Reserved`);
    await houseItem(5_000, "lost", `${tag} Lost`);
    const owner = await player();
    const owned = await giveItem(owner.user.id, 5_000);

    const res = await items(mod.token, { market_hash_name: tag });
    expect(res.status).toBe(200);
    expect(res.body.items.map((i) => i.id)).toEqual([dear, cheap]);
    expect(res.body.items[0]).toMatchObject({ market_hash_name: `${tag} Dear`, price: 99.5, rarity_color: "#eb4b4b" });

    const narrowed = await items(mod.token, { market_hash_name: `${tag} Ch` });
    expect(narrowed.body.items.map((i) => i.id)).toEqual([cheap]);
    // LIKE wildcards are literal text
    expect((await items(mod.token, { market_hash_name: `${tag}%` })).body.items).toEqual([]);

    const everything = await items(mod.token, {});
    expect(everything.status).toBe(200);
    expect(everything.body.items.length).toBeLessThanOrEqual(50);
    expect(everything.body.items.some((i) => i.id === owned)).toBe(false);
    const prices = everything.body.items.map((i) => i.price);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
  });

  it("refuses a too-long search, players and visitors", async () => {
    const mod = await moderator();
    expect(await items(mod.token, { market_hash_name: "x".repeat(101) })).toMatchObject({ status: 400, body: { message: "app_api.invalid_request" } });
    const p = await player();
    expect(await items(p.token, {})).toMatchObject({ status: 403, body: { message: "chat_api.forbidden" } });
    expect((await items(undefined, {})).status).toBe(401);
  });
});
