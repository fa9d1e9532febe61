// GET /api/cases/get and /getOne: active cases by priority with their RTP, one case's items in
// pick order with chances and weights, and the live drops (newest first, the last 10) which the
// hub also broadcasts to every /ws/hub socket as casesLiveDrop.
import { describe, expect, it } from "vitest";
import { adminListAnswer, getCasesAnswer, getOneAnswer, liveDropJson, openAnswer } from "../../shared/api/cases";
import { CASES } from "../../shared/constants";
import { CASE_PICTURE_PATH, CASE_PICTURE_URL, call, getCases, getOne, ITEM_PICTURE_PATH, ITEM_PICTURE_URL, makeCase, openCase } from "./cases-fixtures";
import { closeAll, connectHub } from "./hub-client";
import { deposit, makeUser } from "./user-fixtures";

describe("case listing", () => {
  it("lists active cases by priority desc then id, with the RTP at current prices", async () => {
    // EV = (80·50 + 15·200 + 5·1000) / 100 = 120 cents
    const low = await makeCase(150, undefined, { priority: -5 });
    const high = await makeCase(133, undefined, { priority: 1_000 });
    const high2 = await makeCase(240, undefined, { priority: 1_000 });
    const off = await makeCase(150, undefined, { priority: 2_000, active: false });
    const answer = getCasesAnswer.parse(await getCases());
    const ids = answer.cases.map((c) => c.id);
    expect(ids).not.toContain(off.id);
    expect(ids.indexOf(high.id)).toBeLessThan(ids.indexOf(high2.id));
    expect(ids.indexOf(high2.id)).toBeLessThan(ids.indexOf(low.id));
    expect(answer.cases.find((c) => c.id === high.id)).toMatchObject({ price: 1.33, priority: 1_000, rtp: 90.23, image: CASE_PICTURE_PATH });
    expect(answer.cases.find((c) => c.id === high2.id)).toMatchObject({ price: 2.4, rtp: 50 });
  });

  it("getOne gives the items in pick order with chances (4 decimals) and weights; 404 for unknown or inactive", async () => {
    const kase = await makeCase(400, [
      { price: 100, weight: 2 },
      { price: 300, weight: 1 },
    ]);
    const { case: c } = getOneAnswer.parse(await getOne(kase.id));
    expect(c).toMatchObject({ id: kase.id, price: 4, rtp: 41.67 });
    expect(c.items.map((i) => [i.id, i.price, i.weight, i.chance])).toEqual([
      [kase.items[0]!.catalogueId, 1, 2, 66.6667],
      [kase.items[1]!.catalogueId, 3, 1, 33.3333],
    ]);
    expect(c.items[0]).toMatchObject({ exterior: "Field-Tested", rarity: "Mil-Spec Grade", rarity_color: "#4b69ff", image: ITEM_PICTURE_PATH });

    const off = await makeCase(100, undefined, { active: false });
    for (const id of [off.id, 999_999]) {
      const res = await call("GET", `/api/cases/getOne?id=${id}`);
      expect(res.status).toBe(404);
      expect(((await res.json()) as { message: string }).message).toBe("cases_api.case_not_found");
    }
    for (const q of ["", "?id=abc", "?id=-1"]) expect((await call("GET", `/api/cases/getOne${q}`)).status).toBe(400);
  });

  it("liveDrop holds the last opens newest first, at most CASES.liveDropsKept, with the user and the case", async () => {
    const kase = await makeCase(100);
    const a = await makeUser({ username: "DropperA", avatar: "a.png" });
    const b = await makeUser({ username: "DropperB" });
    await deposit(a.user.id, 10_000);
    await deposit(b.user.id, 10_000);
    const opened = [];
    for (let i = 0; i < CASES.liveDropsKept + 2; i++) {
      const who = i % 2 === 0 ? a : b;
      const { status, body } = await openCase(who.token, kase.id);
      expect(status).toBe(200);
      opened.push({ user: who.user, item: body.winItem });
    }
    const { liveDrop } = getCasesAnswer.parse(await getCases());
    expect(liveDrop).toHaveLength(CASES.liveDropsKept);
    const expected = opened.slice(-CASES.liveDropsKept).reverse();
    liveDrop.forEach((d, i) => {
      expect(d.user).toEqual({ id: expected[i]!.user.id, username: expected[i]!.user.username, avatar: expected[i]!.user.avatar });
      expect(d.item).toMatchObject({ id: expected[i]!.item.myId, market_hash_name: expected[i]!.item.market_hash_name, price: expected[i]!.item.price });
      expect(d.case).toEqual({ id: kase.id, name: expect.any(String), image: CASE_PICTURE_PATH });
      expect(d.item.image).toBe(ITEM_PICTURE_PATH);
      if (i > 0) expect(d.id).toBeLessThan(liveDrop[i - 1]!.id);
    });
  });

  it("an open reaches every hub socket as casesLiveDrop (visitors too), matching the listing", async () => {
    const kase = await makeCase(100);
    const { user, token } = await makeUser();
    await deposit(user.id, 1_000);
    const watcher = await connectHub();
    const opener = await connectHub();
    opener.identify(token);
    try {
      const { status, body } = await openCase(token, kase.id);
      expect(status).toBe(200);
      const isMine = (f: { event: string; data: unknown }) => f.event === "casesLiveDrop" && (f.data as { item: { id: number } }).item.id === body.winItem.myId;
      const frame = await watcher.waitFor(isMine, "casesLiveDrop");
      await opener.waitFor(isMine, "casesLiveDrop on the opener's socket");
      const drop = liveDropJson.parse(frame.data);
      expect(drop.user.id).toBe(user.id);
      expect(drop.case.id).toBe(kase.id);
      expect((await getCases()).liveDrop[0]).toEqual(drop);
      // the opener's balance is pushed too
      await opener.waitFor((f) => f.event === "updateBalance" && (f.data as { balance: number }).balance === 9, "updateBalance");
    } finally {
      closeAll([watcher, opener]);
    }
  });

  it("answers the site's own picture paths, and null for a link that is not a catalogue picture; staff see the stored links", async () => {
    const foreign = await makeCase(100, [{ price: 90, weight: 1 }], { image: "https://evil.example/case.png", itemImage: "https://evil.example/skin.webp" });
    const bare = await makeCase(100, [{ price: 90, weight: 1 }], { image: "", itemImage: "img" });
    const good = await makeCase(100, [{ price: 90, weight: 1 }]);
    const { cases } = getCasesAnswer.parse(await getCases());
    expect(cases.find((c) => c.id === good.id)!.image).toBe(CASE_PICTURE_PATH);
    expect(cases.find((c) => c.id === foreign.id)!.image).toBeNull();
    expect(cases.find((c) => c.id === bare.id)!.image).toBeNull();
    expect((await getOne(good.id)).case.items[0]!.image).toBe(ITEM_PICTURE_PATH);
    for (const k of [foreign, bare]) {
      const { case: c } = getOneAnswer.parse(await getOne(k.id));
      expect(c.image).toBeNull();
      expect(c.items[0]!.image).toBeNull();
    }

    // the open result and the live drop carry the same answers
    const { user, token } = await makeUser();
    await deposit(user.id, 1_000);
    const opened = await openCase(token, foreign.id);
    expect(opened.status).toBe(200);
    expect(openAnswer.parse(opened.body).winItem.image).toBeNull();
    const goodOpen = await openCase(token, good.id);
    expect(openAnswer.parse(goodOpen.body).winItem.image).toBe(ITEM_PICTURE_PATH);
    const { liveDrop } = getCasesAnswer.parse(await getCases());
    const [newest, previous] = liveDrop;
    expect([newest!.case.image, newest!.item.image]).toEqual([CASE_PICTURE_PATH, ITEM_PICTURE_PATH]);
    expect([previous!.case.image, previous!.item.image]).toEqual([null, null]);
    // no answer names another host
    const all = await getCases();
    const text = JSON.stringify([all.cases, all.liveDrop.map((d) => [d.case, d.item]), await getOne(foreign.id), await getOne(good.id), opened.body]);
    expect(text).not.toMatch(/https?:\/\//);

    // staff edit what is stored: the admin list keeps the links as saved
    const boss = await makeUser({ isAdmin: true });
    const one = async (id: number) => adminListAnswer.parse(await (await call("POST", "/api/admin/cases/list", { case_id: id }, boss.token)).json()).cases;
    const admin = [...(await one(foreign.id)), ...(await one(good.id))];
    expect(admin.find((c) => c.id === foreign.id)).toMatchObject({
      image: "https://evil.example/case.png",
      items: [{ image: "https://evil.example/skin.webp" }],
    });
    expect(admin.find((c) => c.id === good.id)).toMatchObject({ image: CASE_PICTURE_URL, items: [{ image: ITEM_PICTURE_URL }] });
  });
});
