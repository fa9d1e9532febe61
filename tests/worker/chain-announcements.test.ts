// The chains' rotation announcements (docs/operations.md "Rotating a hash chain",
// worker/admin-dashboard/chains.ts): an admin announces a chain's next terminal hash, length and
// first round before its deploy, or withdraws it while it is not live; each in one batch with its
// audit row; the chains' status tells whether the deploy matches; /api/getConfig publishes the
// open announcements.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { chainAnnouncementAnswer, fairnessChainsAnswer } from "../../shared/api/admin-ops";
import { getConfigAnswer } from "../../shared/api/config";
import { randomHash, withdrawAll } from "./chain-fixtures";
import { writeWaitingRound } from "./crash-fixtures";
import { makeUser, post } from "./user-fixtures";

interface AuditRow {
  action: string;
  target_user_id: number | null;
  details: string;
  before: string | null;
  after: string | null;
}

async function auditOf(actorId: number): Promise<AuditRow[]> {
  const { results } = await env.DB.prepare("SELECT * FROM audit_log WHERE actor_id = ?1 ORDER BY id").bind(actorId).all<AuditRow>();
  return results;
}

const announcements = async (chain: string) =>
  (await env.DB.prepare("SELECT * FROM chain_announcements WHERE chain = ?1 ORDER BY id").bind(chain).all<Record<string, unknown>>()).results;

const admin = () => makeUser({ isAdmin: true });

async function status(token: string) {
  const res = await post("/api/admin/fairness/chains", {}, token);
  expect(res.status).toBe(200);
  return fairnessChainsAnswer.parse(await res.json()).chains;
}

async function config() {
  const res = await post("/api/getConfig", {});
  expect(res.status).toBe(200);
  return getConfigAnswer.parse(await res.json());
}

const body = (over: Record<string, unknown> = {}) => ({ chain: "wheel", terminal: randomHash(), length: 200_000, from_round: 100_001, ...over });

beforeEach(() => withdrawAll());

describe("POST /api/admin/fairness/announce", () => {
  it("announces the next chain: the row, its audit row (before/after), the status (pending) and /api/getConfig", async () => {
    const boss = await admin();
    const terminal = randomHash();
    const res = await post(
      "/api/admin/fairness/announce",
      body({ terminal, note_ru: "  Новая цепочка  ", note_en: "New chain", length: 150_000, from_round: 100_001 }),
      boss.token,
    );
    expect(res.status).toBe(200);
    const { announcement } = chainAnnouncementAnswer.parse(await res.json());
    expect(announcement).toMatchObject({
      chain: "wheel",
      terminal,
      length: 150_000,
      from_round: 100_001,
      note_ru: "Новая цепочка",
      note_en: "New chain",
      announced_by: boss.user.id,
      withdrawn_at: null,
    });
    const rows = await announcements("wheel");
    expect(rows.at(-1)).toMatchObject({ id: announcement.id, previous_terminal: env.WHEEL_CHAIN_TERMINAL });

    const [audit, ...more] = await auditOf(boss.user.id);
    expect(more).toEqual([]);
    expect(audit).toMatchObject({ action: "fairness.announce", target_user_id: null });
    expect(JSON.parse(audit!.before!)).toEqual({ chain: "wheel", running_terminal: env.WHEEL_CHAIN_TERMINAL, open_announcement: null });
    expect(JSON.parse(audit!.after!)).toMatchObject({ chain: "wheel", terminal, length: 150_000, from_round: 100_001, withdrawn_at: null });

    const wheel = (await status(boss.token)).find((c) => c.chain === "wheel")!;
    expect(wheel).toMatchObject({ terminal: env.WHEEL_CHAIN_TERMINAL, deploy: "pending", announcement: { id: announcement.id, terminal } });

    const published = (await config()).chain_announcements;
    expect(published).toContainEqual({
      chain: "wheel",
      terminal,
      length: 150_000,
      from_round: 100_001,
      note_ru: "Новая цепочка",
      note_en: "New chain",
      announced_at: announcement.announced_at,
    });
  });

  it("refuses a second open announcement of the chain, and writes nothing", async () => {
    const boss = await admin();
    expect((await post("/api/admin/fairness/announce", body(), boss.token)).status).toBe(200);
    const before = (await announcements("wheel")).length;
    const res = await post("/api/admin/fairness/announce", body(), boss.token);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ message: "fairness_api.announcement_open" });
    expect(await announcements("wheel")).toHaveLength(before);
    expect((await auditOf(boss.user.id)).map((a) => a.action)).toEqual(["fairness.announce"]);
  });

  it("refuses a first round not after the rounds drawn, a chain too short, and the running terminal", async () => {
    const boss = await admin();
    await writeWaitingRound(40);
    const cases: [Record<string, unknown>, number, string][] = [
      [body({ chain: "crash", from_round: 40, length: 1_000 }), 409, "fairness_api.from_round_used"],
      [body({ chain: "crash", from_round: 3, length: 1_000 }), 409, "fairness_api.from_round_used"],
      [body({ chain: "crash", from_round: 500, length: 499 }), 400, "fairness_api.length_short"],
      [body({ chain: "crash", terminal: env.CRASH_CHAIN_TERMINAL }), 409, "fairness_api.terminal_running"],
      [body({ chain: "jackpot_low", terminal: JSON.parse(env.JACKPOT_CHAIN_TERMINALS).low }), 409, "fairness_api.terminal_running"],
    ];
    for (const [b, code, key] of cases) {
      const res = await post("/api/admin/fairness/announce", b, boss.token);
      expect(res.status, key).toBe(code);
      expect(await res.json()).toMatchObject({ message: key });
    }
    expect(await announcements("crash")).toEqual([]);
    expect(await auditOf(boss.user.id)).toEqual([]);
    // the first round after the drawn ones is fine
    expect((await post("/api/admin/fairness/announce", body({ chain: "crash", from_round: 41, length: 41 }), boss.token)).status).toBe(200);
  });

  it("answers 400 to bad input", async () => {
    const boss = await admin();
    const bad = [
      body({ terminal: "ABCDEF".repeat(10).slice(0, 64) }),
      body({ terminal: "abc" }),
      body({ chain: "roulette" }),
      body({ length: 0 }),
      body({ length: 1.5 }),
      body({ length: "100000" }),
      body({ from_round: -1 }),
      body({ from_round: 2 ** 53 }),
      body({ note_en: "x".repeat(301) }),
      { ...body(), extra: 1 },
      { chain: "wheel" },
    ];
    for (const b of bad) {
      const res = await post("/api/admin/fairness/announce", b, boss.token);
      expect(res.status, JSON.stringify(b)).toBe(400);
    }
    for (const b of [{}, { id: 0 }, { id: "x" }, { id: 1.5 }]) expect((await post("/api/admin/fairness/withdraw", b, boss.token)).status).toBe(400);
    expect(await auditOf(boss.user.id)).toEqual([]);
  });

  it("answers 403 to a player and a moderator", async () => {
    for (const caller of [await makeUser(), await makeUser({ isModerator: true })]) {
      for (const [path, b] of [
        ["/api/admin/fairness/announce", body()],
        ["/api/admin/fairness/withdraw", { id: 1 }],
      ] as const) {
        const res = await post(path, b, caller.token);
        expect(res.status).toBe(403);
        expect(await res.json()).toMatchObject({ message: "user_api.forbidden" });
      }
      expect(await auditOf(caller.user.id)).toEqual([]);
    }
  });
});

describe("POST /api/admin/fairness/withdraw", () => {
  it("withdraws an open announcement: kept and marked, audited before/after, gone from the status and /api/getConfig", async () => {
    const boss = await admin();
    const made = chainAnnouncementAnswer.parse(
      await (await post("/api/admin/fairness/announce", body({ chain: "bonus", from_round: 5_000, length: 20_000 }), boss.token)).json(),
    );
    const id = made.announcement.id;
    const res = await post("/api/admin/fairness/withdraw", { id }, boss.token);
    expect(res.status).toBe(200);
    const { announcement } = chainAnnouncementAnswer.parse(await res.json());
    expect(announcement.withdrawn_at).toBeGreaterThan(0);
    expect((await announcements("bonus")).find((r) => r.id === id)).toMatchObject({ withdrawn_at: announcement.withdrawn_at });

    const audit = (await auditOf(boss.user.id)).at(-1)!;
    expect(audit.action).toBe("fairness.withdraw");
    expect(JSON.parse(audit.before!)).toMatchObject({ id, withdrawn_at: null });
    expect(JSON.parse(audit.after!)).toMatchObject({ id, withdrawn_at: announcement.withdrawn_at });

    const bonus = (await status(boss.token)).find((c) => c.chain === "bonus")!;
    expect(bonus).toMatchObject({ announcement: null, deploy: "none" });
    expect((await config()).chain_announcements.some((a) => a.chain === "bonus")).toBe(false);
    // a new one may be announced now
    expect((await post("/api/admin/fairness/announce", body({ chain: "bonus", from_round: 5_000, length: 20_000 }), boss.token)).status).toBe(200);
  });

  it("refuses an unknown id (404), a withdrawn one and a live one (409), writing nothing", async () => {
    const boss = await admin();
    const made = chainAnnouncementAnswer.parse(await (await post("/api/admin/fairness/announce", body(), boss.token)).json());
    expect((await post("/api/admin/fairness/withdraw", { id: made.announcement.id }, boss.token)).status).toBe(200);
    const live = await env.DB.prepare(
      "INSERT INTO chain_announcements (chain, terminal, length, from_round, previous_terminal, announced_by) VALUES ('giveaway', ?1, 10000, 1, ?2, ?3) RETURNING id",
    )
      .bind(env.GIVEAWAY_CHAIN_TERMINAL, randomHash(), boss.user.id)
      .first<{ id: number }>();
    const audits = (await auditOf(boss.user.id)).length;
    for (const [id, code, key] of [
      [999_999, 404, "fairness_api.announcement_not_found"],
      [made.announcement.id, 409, "fairness_api.announcement_closed"],
      [live!.id, 409, "fairness_api.announcement_closed"],
    ] as const) {
      const res = await post("/api/admin/fairness/withdraw", { id }, boss.token);
      expect(res.status).toBe(code);
      expect(await res.json()).toMatchObject({ message: key });
    }
    expect(await auditOf(boss.user.id)).toHaveLength(audits);
    expect((await announcements("giveaway")).find((r) => r.id === live!.id)).toMatchObject({ withdrawn_at: null });
  });

  it("an announcement is never deleted, and only its withdrawal changes it", async () => {
    const boss = await admin();
    const made = chainAnnouncementAnswer.parse(await (await post("/api/admin/fairness/announce", body(), boss.token)).json());
    await expect(env.DB.prepare("DELETE FROM chain_announcements WHERE id = ?1").bind(made.announcement.id).run()).rejects.toThrow(/never deleted/);
    await expect(env.DB.prepare("UPDATE chain_announcements SET terminal = ?2 WHERE id = ?1").bind(made.announcement.id, randomHash()).run()).rejects.toThrow(
      /only gets its withdrawal/,
    );
  });
});

describe("the chains' deploy state", () => {
  it("none without announcements, live when the deploy carries the latest one, pending before its deploy, unannounced otherwise", async () => {
    const boss = await admin();
    const insert = (chain: string, terminal: string, previous: string | null) =>
      env.DB.prepare("INSERT INTO chain_announcements (chain, terminal, length, from_round, previous_terminal, announced_by) VALUES (?1, ?2, 10000, 1, ?3, ?4)")
        .bind(chain, terminal, previous, boss.user.id)
        .run();
    const levels = JSON.parse(env.JACKPOT_CHAIN_TERMINALS) as Record<string, string>;
    // jackpot_medium: announced, then deployed (the configured test terminal)
    await insert("jackpot_medium", levels.medium!, randomHash());
    // jackpot_high: an announcement whose deploy carries neither it nor the chain it replaced
    await insert("jackpot_high", randomHash(), randomHash());
    // jackpot_low: waiting for its deploy
    expect((await post("/api/admin/fairness/announce", body({ chain: "jackpot_low", from_round: 1, length: 10_000 }), boss.token)).status).toBe(200);

    const byChain = Object.fromEntries((await status(boss.token)).map((c) => [c.chain, c]));
    expect(byChain.wheel).toMatchObject({ deploy: "none", announcement: null });
    expect(byChain.jackpot_medium).toMatchObject({ deploy: "live", announcement: null, terminal: levels.medium });
    expect(byChain.jackpot_low).toMatchObject({ deploy: "pending" });
    expect(byChain.jackpot_low!.announcement).not.toBeNull();
    expect(byChain.jackpot_high).toMatchObject({ deploy: "unannounced" });

    // the live one is not published as upcoming; the others are
    const published = (await config()).chain_announcements.map((a) => a.chain);
    expect(published).not.toContain("jackpot_medium");
    expect(published).toEqual(expect.arrayContaining(["jackpot_low", "jackpot_high"]));
    // and a live one makes room for the next announcement
    expect((await post("/api/admin/fairness/announce", body({ chain: "jackpot_medium", from_round: 1, length: 10_000 }), boss.token)).status).toBe(200);
  });
});
