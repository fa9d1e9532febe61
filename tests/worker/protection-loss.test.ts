// Loss limits inside workerd (docs/protection.md "Limits"): the net loss of a day, week and month
// (stakes − wins over every game, an open bet counting as lost), judged at the last instant of a
// period and the first of the next; what the limits page shows as used; a case over the limit
// refused before anything moves; racing bets in Crash, Jackpot and the Wheel landing at most the
// limit.
import { env } from "cloudflare:workers";
import { afterAll, describe, expect, it, vi } from "vitest";
import { protectionAnswer } from "../../shared/api/protection";
import type { LimitKind } from "../../shared/constants";
import { type LimitPeriod, periodReset } from "../../shared/protection";
import { payOpen, planOpen } from "../../worker/cases/open";
import { failedGuard } from "../../worker/db/guards";
import { batch, sql } from "../../worker/db/sql";
import { lossWithin } from "../../worker/protection/guards";
import { setLimit } from "../../worker/protection/queries";
import { makeCase, openCase } from "./cases-fixtures";
import { connectCrash } from "./crash-client";
import { giveItem } from "./crash-fixtures";
import { setBet as setJackpotBet } from "./jackpot-client";
import { balanceOf, deposit, makeUser, post } from "./user-fixtures";
import { bettingWheel, setBet as setWheelBet } from "./wheel-fixtures";

afterAll(() => vi.useRealTimers());

/** A case opening of `price` that dropped an item worth `won`, at `at` (a loss of price − won). */
async function opened(userId: number, price: number, won: number, at: number) {
  const kase = await makeCase(price);
  const item = await giveItem(userId, won);
  const catalogue = await env.DB.prepare("SELECT catalogue_id AS c FROM inventory_items WHERE id = ?1").bind(item).first<{ c: number }>();
  await env.DB.prepare(
    `INSERT INTO case_opens (user_id, case_id, price, catalogue_id, item_id, item_price, server_seed_hash, client_seed, nonce, request_id, created_at)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 'seed', 0, ?8, ?9)`,
  )
    .bind(userId, kase.id, price, catalogue!.c, item, won, crypto.randomUUID(), crypto.randomUUID(), at)
    .run();
}

/** The guard code a stake of `stake` cents at `now` fails on (undefined: it passes). */
async function judged(userId: number, stake: number, now: number): Promise<string | undefined> {
  try {
    await batch(env.DB, [...lossWithin(userId, sql`${stake}`, now), sql`SELECT 1`]);
    return undefined;
  } catch (err) {
    const code = failedGuard(err);
    if (code === undefined) throw err;
    return code;
  }
}

const PERIODS: [LimitKind, LimitPeriod][] = [
  ["loss_day", "day"],
  ["loss_week", "week"],
  ["loss_month", "month"],
];

describe("loss limits per period", () => {
  for (const [kind, period] of PERIODS) {
    it(`${kind}: the loss of the period counts up to its last instant and starts again at the reset`, async () => {
      const { user } = await makeUser();
      const reset = periodReset(period, Date.now());
      const last = reset - 1;
      await setLimit(env, user.id, kind, 1_000, last - 60_000);
      // $8 lost at the period's last instant, a $5 case that dropped $6 before it (a $1 win)
      await opened(user.id, 800, 0, last);
      await opened(user.id, 500, 600, last - 3_600_000);
      // $7 net: $3 more reaches the limit exactly, a cent over it is refused
      expect(await judged(user.id, 300, last)).toBeUndefined();
      expect(await judged(user.id, 301, last)).toBe(`limit.${kind}`);
      // the next period starts from nothing: what was lost before its first instant no longer counts
      expect(await judged(user.id, 1_000, reset)).toBeUndefined();
      expect(await judged(user.id, 1_001, reset)).toBe(`limit.${kind}`);
      // a loss at the reset instant itself is the new period's
      await opened(user.id, 900, 0, reset);
      expect(await judged(user.id, 100, reset)).toBeUndefined();
      expect(await judged(user.id, 101, reset)).toBe(`limit.${kind}`);
    });
  }

  it("a limit waiting its cooling-off does not count yet; none at all lets any stake through", async () => {
    const { user } = await makeUser();
    const now = Date.now();
    await opened(user.id, 5_000, 0, now);
    expect(await judged(user.id, 100_000, now)).toBeUndefined();
    await setLimit(env, user.id, "loss_day", 6_000, now);
    expect(await judged(user.id, 1_001, now)).toBe("limit.loss_day");
    // raised: the lower amount holds for the cooling-off
    await setLimit(env, user.id, "loss_day", 20_000, now);
    expect(await judged(user.id, 1_001, now)).toBe("limit.loss_day");
  });

  it("the limits page shows the net loss so far and what is left; a player ahead shows nothing used", async () => {
    const { user, token } = await makeUser();
    await post("/api/user/protection/setLimit", { kind: "loss_week", amount: 20 }, token);
    await opened(user.id, 1_200, 200, Date.now());
    const page = protectionAnswer.parse(await (await post("/api/user/protection/get", {}, token)).json());
    expect(page.limits.find((l) => l.kind === "loss_week")).toMatchObject({ amount: 20, used: 10, left: 10, resets_at: periodReset("week", Date.now()) });
    // the net loss is worked out only for the loss limits set
    expect(page.limits.find((l) => l.kind === "loss_day")).toMatchObject({ amount: null, used: null, left: null });
    await opened(user.id, 100, 5_000, Date.now());
    // ahead by $39: nothing used, and the limit leaves what its guard would take ($59)
    const ahead = protectionAnswer.parse(await (await post("/api/user/protection/get", {}, token)).json());
    expect(ahead.limits.find((l) => l.kind === "loss_week")).toMatchObject({ used: 0, left: 59 });
    expect(await judged(user.id, 5_900, Date.now())).toBeUndefined();
    expect(await judged(user.id, 5_901, Date.now())).toBe("limit.loss_week");
  });
});

describe("a stake over a loss limit moves nothing", () => {
  it("a case dearer than the loss limit leaves is refused with the period's key, balance and seeds untouched", async () => {
    const { user, token } = await makeUser();
    await deposit(user.id, 5_000);
    await post("/api/user/protection/setLimit", { kind: "loss_month", amount: 3 }, token);
    const kase = await makeCase(400);
    const refused = await openCase(token, kase.id);
    expect(refused).toMatchObject({ status: 409, body: { message: "user_api.loss_limit_month" } });
    expect(await balanceOf(user.id)).toBe(5_000);
    const opens = await env.DB.prepare("SELECT COUNT(*) AS n FROM case_opens WHERE user_id = ?1").bind(user.id).first<{ n: number }>();
    expect(opens!.n).toBe(0);
    const cheap = await makeCase(300);
    // a retry racing its first try: planned before the first lands, paid after it
    const retry = await planOpen(env, { userId: user.id, caseId: cheap.id, requestId: "loss-limit-race" });
    expect(await openCase(token, cheap.id, "loss-limit-race")).toMatchObject({ status: 200 });
    expect(retry.ok && "plan" in retry).toBe(true);
    // the limit is used up by the first now: the retry answers that opening, not a refusal
    const paid = await payOpen(env, (retry as Extract<typeof retry, { plan: unknown }>).plan);
    expect(paid).toMatchObject({ ok: true, replay: true });
    expect(await balanceOf(user.id)).toBe(4_700);
  });
});

describe("racing bets against a loss limit land at most the limit", () => {
  it("crash: three bets of $2 at once against $5 a day: two land", { timeout: 30_000 }, async () => {
    const { user, token } = await makeUser();
    await deposit(user.id, 5_000);
    await post("/api/user/protection/setLimit", { kind: "loss_day", amount: 5 }, token);
    const sockets = await Promise.all([connectCrash(token), connectCrash(token), connectCrash(token)]);
    for (const [i, s] of sockets.entries()) s.send({ event: "newBet", data: { items: [], autoWithdraw: 2 + i, value: 2 } });
    const answers = await Promise.all(sockets.map((s) => s.waitFor((f) => f.event === "successBet" || f.event === "errorBet")));
    expect(answers.filter((f) => f.event === "successBet")).toHaveLength(2);
    expect(answers.find((f) => f.event === "errorBet")!.data).toMatchObject({ message: "user_api.loss_limit_day" });
    expect(await balanceOf(user.id)).toBe(4_600);
    for (const s of sockets) s.close();
  });

  it("jackpot: six bets of $2 at once against $5 a week: two land", { timeout: 30_000 }, async () => {
    const { user, token } = await makeUser();
    await deposit(user.id, 5_000);
    await post("/api/user/protection/setLimit", { kind: "loss_week", amount: 5 }, token);
    const answers = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const res = await post("/api/jackpot/setBet", { level: "low", value: 2 }, token);
        return { status: res.status, body: (await res.json()) as { message?: string } };
      }),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
    expect(answers.filter((a) => a.status !== 200).every((a) => a.status === 409 && a.body.message === "user_api.loss_limit_week")).toBe(true);
    expect(await balanceOf(user.id)).toBe(4_600);
    // items count at their value: a $2 skin is over what is left ($1)
    const item = await giveItem(user.id, 200);
    expect(await setJackpotBet(token, "low", [item])).toMatchObject({ status: 409, body: { message: "user_api.loss_limit_week" } });
  });

  it("wheel: a bet on each colour at once against $3 a month: one lands", { timeout: 30_000 }, async () => {
    await bettingWheel();
    const { user, token } = await makeUser();
    await deposit(user.id, 5_000);
    await post("/api/user/protection/setLimit", { kind: "loss_month", amount: 3 }, token);
    const answers = await Promise.all(
      (["red", "black"] as const).map(async (colour) => {
        const res = await setWheelBet(token, { colour, value: 2 });
        return { status: res.status, body: (await res.json()) as { message?: string } };
      }),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.message).toBe("user_api.loss_limit_month");
    expect(await balanceOf(user.id)).toBe(4_800);
  });
});
