// The bonus pool's conditions and the join (docs/games.md "Bonus pool"): each condition met, not met and
// off; a refusal names the first one missing; joining twice is one participation; a visitor and
// bad bodies are refused and change nothing.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { bonusConditionsAnswer } from "../../shared/api/bonus";
import { conditionsOf, missingCondition } from "../../worker/bonus/conditions";
import { crashBetSum, getConditions, join, openRound, qualifiedUser, setChatMessages } from "./bonus-fixtures";
import { makeUser, post } from "./user-fixtures";

const participants = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM bonus_participants").first<{ n: number }>())!.n;

describe("conditions", () => {
  it("the nickname: met with the tag (any case, dots and dashes folded), not met without, off with no tag", async () => {
    const { user } = await makeUser({ username: "Skin.Rush-Fan" });
    const { user: plain } = await makeUser({ username: "plainname" });
    expect((await conditionsOf(env, user)).username).toEqual({ is_active: true, is_completed: true, required: "skinrush", progress: 1 });
    expect((await conditionsOf(env, plain)).username).toEqual({ is_active: true, is_completed: false, required: "skinrush", progress: 0 });
    expect((await conditionsOf({ ...env, BONUS_NICKNAME_TAG: "" }, plain)).username).toMatchObject({ is_active: false, is_completed: true });
  });

  it("the chat messages: met at the minimum, not met below, off at 0", async () => {
    const { user } = await makeUser();
    await setChatMessages(user.id, 9);
    expect((await conditionsOf(env, user)).chat_messages).toEqual({ is_active: true, is_completed: false, required: 10, progress: 9 });
    await setChatMessages(user.id, 10);
    expect((await conditionsOf(env, user)).chat_messages).toEqual({ is_active: true, is_completed: true, required: 10, progress: 10 });
    const { user: quiet } = await makeUser();
    expect((await conditionsOf({ ...env, BONUS_MIN_CHAT_MESSAGES: "0" }, quiet)).chat_messages).toMatchObject({ is_active: false, is_completed: true });
  });

  it("the crash bet sum: met at the minimum, not met below, off at 0; refunded bets do not count", async () => {
    const { user } = await makeUser();
    await crashBetSum(user.id, 999);
    await env.DB.prepare("INSERT INTO crash_bets (id, round_id, user_id, bank, auto_withdraw, status) VALUES (?1, ?2, ?3, 5000, 1, 3)")
      .bind(crypto.randomUUID(), -user.id, user.id)
      .run();
    expect((await conditionsOf(env, user)).total_bet_sum).toEqual({ is_active: true, is_completed: false, required: 10, progress: 9.99 });
    await crashBetSum(user.id, 1);
    expect((await conditionsOf(env, user)).total_bet_sum).toEqual({ is_active: true, is_completed: true, required: 10, progress: 10 });
    const { user: idle } = await makeUser();
    expect((await conditionsOf({ ...env, BONUS_MIN_CRASH_BET_CENTS: "0" }, idle)).total_bet_sum).toMatchObject({ is_active: false, is_completed: true });
  });

  it("every condition off: anyone signed in may join", async () => {
    const { user } = await makeUser({ username: "nobody" });
    const off = { ...env, BONUS_NICKNAME_TAG: "", BONUS_MIN_CHAT_MESSAGES: "0", BONUS_MIN_CRASH_BET_CENTS: "0" };
    expect(missingCondition(await conditionsOf(off, user))).toBeNull();
  });

  it("GET /api/jackpot-bonus/get-conditions answers the conditions, the progress and the open round", async () => {
    const { token } = await qualifiedUser();
    const res = await getConditions(token);
    expect(res.status).toBe(200);
    const body = bonusConditionsAnswer.parse(await res.json());
    expect(body.conditions.username.is_completed && body.conditions.chat_messages.is_completed && body.conditions.total_bet_sum.is_completed).toBe(true);
    expect(body.participating).toBe(false);
    expect(body.round).toMatchObject({ round_id: (await openRound()).id, min_bank: 1, end_time: null });
    expect((await getConditions()).status).toBe(401);
  });
});

describe("POST /api/jackpot-bonus/join", () => {
  it("refuses a player with the first condition missing, by its key, and adds nobody", async () => {
    const before = await participants();
    const { user, token } = await makeUser({ username: "untagged" });
    expect(await refusal(token)).toEqual([403, "bonus_api.no_nickname"]);
    await env.DB.prepare("UPDATE users SET username = 'skinrush_x' || id WHERE id = ?1").bind(user.id).run();
    expect(await refusal(token)).toEqual([403, "bonus_api.chat_messages"]);
    await setChatMessages(user.id, 10);
    expect(await refusal(token)).toEqual([403, "bonus_api.bet_sum"]);
    expect(await participants()).toBe(before);
    await crashBetSum(user.id, 1_000);
    const res = await join(token);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, message: "bonus_api.joined" });
  });

  it("joining twice is one participation, in the join order", async () => {
    const a = await qualifiedUser();
    const b = await qualifiedUser();
    const first = (await (await join(a.token)).json()) as { round_id: number; participants: number };
    const again = (await (await join(a.token)).json()) as { round_id: number; participants: number };
    expect(again).toEqual(first);
    const other = (await (await join(b.token)).json()) as { participants: number };
    expect(other.participants).toBe(first.participants + 1);
    const rows = await env.DB.prepare("SELECT user_id, seq FROM bonus_participants WHERE round_id = ?1 AND user_id IN (?2, ?3) ORDER BY seq")
      .bind(first.round_id, a.user.id, b.user.id)
      .all<{ user_id: number; seq: number }>();
    expect(rows.results.map((r) => r.user_id)).toEqual([a.user.id, b.user.id]);
    expect((await openRound()).participants).toBe(other.participants);
    const view = bonusConditionsAnswer.parse(await (await getConditions(a.token)).json());
    expect(view.participating).toBe(true);
  });

  it("a visitor is refused with the not-signed-in key; bad bodies answer 400 and change nothing", async () => {
    const before = await participants();
    expect(await refusal(undefined)).toEqual([401, "user_api.unauthorized"]);
    const { token } = await qualifiedUser();
    for (const raw of ["[]", "null", '"x"', "{", "12"]) {
      const res = await post("/api/jackpot-bonus/join", raw, token);
      expect(res.status, raw).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe("app_api.invalid_request");
    }
    const round = await post("/api/jackpot-bonus/round", { id: "abc" });
    expect(round.status).toBe(400);
    expect(await participants()).toBe(before);
    expect((await post("/api/jackpot-bonus/round", { id: 999_999 })).status).toBe(404);
  });
});

async function refusal(token: string | undefined): Promise<[number, string]> {
  const res = await join(token);
  return [res.status, ((await res.json()) as { message: string }).message];
}
