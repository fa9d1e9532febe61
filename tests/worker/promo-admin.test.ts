// /api/admin/promo/* (admin only, audited) and POST /api/payment/check-promocode (deposit codes:
// validated, nothing moves) — docs/money.md "Promo codes".
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { adminPromoAnswer, adminPromoListAnswer } from "../../shared/api/promo";
import { makePromo, promoName, promoUseCount } from "./promo-fixtures";
import { auditRows, balanceOf, makeUser, post } from "./user-fixtures";

async function refusal(res: Response, status: number, key: string) {
  const body = (await res.json()) as { status: string; message: string };
  expect(res.status, JSON.stringify(body)).toBe(status);
  expect(body).toMatchObject({ status: "error", message: key });
}

describe("admin promo routes", () => {
  it("create (normalised, unique case-insensitively), list with use counts, disable — each audited", async () => {
    const admin = await makeUser({ isAdmin: true });
    const code = promoName("NEW");
    const res = await post("/api/admin/promo/create", { code: ` ${code.toLowerCase()} `, kind: "balance", amount: 2.5, daily_limit: 10 }, admin.token);
    expect(res.status).toBe(200);
    const created = adminPromoAnswer.parse(await res.json()).promo;
    expect(created).toMatchObject({ code, kind: "balance", amount: 2.5, percent: 0, daily_limit: 10, active: true, uses: 0, created_by: admin.user.id });

    await refusal(await post("/api/admin/promo/create", { code, kind: "deposit", percent: 5, daily_limit: 1 }, admin.token), 409, "promo_api.code_taken");

    const player = await makeUser();
    expect((await post("/api/user/usePromo", { promocode: code }, player.token)).status).toBe(200);
    expect(await balanceOf(player.user.id)).toBe(250);

    const list = adminPromoListAnswer.parse(await (await post("/api/admin/promo/list", {}, admin.token)).json()).promos;
    expect(list.find((p) => p.id === created.id)).toMatchObject({ uses: 1, uses_today: 1 });

    const off = await post("/api/admin/promo/disable", { id: created.id }, admin.token);
    expect(off.status).toBe(200);
    expect(adminPromoAnswer.parse(await off.json()).promo).toMatchObject({ active: false, uses: 1 });
    await refusal(await post("/api/admin/promo/disable", { id: created.id }, admin.token), 409, "promo_api.already_disabled");
    await refusal(await post("/api/admin/promo/disable", { id: 99_999_999 }, admin.token), 404, "promo_api.not_found");
    const other = await makeUser();
    await refusal(await post("/api/user/usePromo", { promocode: code }, other.token), 409, "user_api.promo_ended");

    const audit = (await auditRows()).filter((r) => r.actor_id === admin.user.id).map((r) => r.action);
    expect(audit).toEqual(["promo.create", "promo.disable"]);
  });

  it("refuses bad bodies with 400: a balance code without amount, a deposit code with one, bad characters, zero limit", async () => {
    const admin = await makeUser({ isAdmin: true });
    for (const body of [
      { code: promoName(), kind: "balance", daily_limit: 1 },
      { code: promoName(), kind: "deposit", amount: 1, percent: 5, daily_limit: 1 },
      { code: "bad code!", kind: "balance", amount: 1, daily_limit: 1 },
      { code: promoName(), kind: "balance", amount: 1, daily_limit: 0 },
      { code: promoName(), kind: "balance", amount: 1000, daily_limit: 1 },
    ]) {
      await refusal(await post("/api/admin/promo/create", body, admin.token), 400, "app_api.invalid_request");
    }
  });

  it("refuses players (403) and visitors (401) on every admin route", async () => {
    const player = await makeUser();
    const moderator = await makeUser({ isModerator: true });
    const promo = await makePromo();
    const calls: [string, object][] = [
      ["/api/admin/promo/create", { code: promoName(), kind: "balance", amount: 1, daily_limit: 1 }],
      ["/api/admin/promo/list", {}],
      ["/api/admin/promo/disable", { id: promo.id }],
    ];
    for (const [path, body] of calls) {
      await refusal(await post(path, body), 401, "user_api.unauthorized");
      await refusal(await post(path, body, player.token), 403, "user_api.forbidden");
      await refusal(await post(path, body, moderator.token), 403, "user_api.forbidden");
    }
    const still = await env.DB.prepare("SELECT active FROM promo_codes WHERE id = ?1").bind(promo.id).first<{ active: number }>();
    expect(still?.active).toBe(1);
  });
});

describe("check-promocode: a deposit bonus code", () => {
  const check = (promocode: unknown, token?: string) => post("/api/payment/check-promocode", { promocode }, token);

  it("answers promo_activated with the percent and moves nothing", async () => {
    const promo = await makePromo({ kind: "deposit", amount: 0, percent: 15 });
    const { user, token } = await makeUser();
    const res = await check(promo.code.toLowerCase(), token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "success", message: "deposit_api.promo_activated", percent: 15 });
    expect(await balanceOf(user.id)).toBe(0);
    expect(await promoUseCount(promo.id)).toBe(0);
  });

  it("refuses unknown, balance, disabled and expired codes as invalid (400), a used one (409), one at its daily limit (409)", async () => {
    const { user, token } = await makeUser();
    const balance = await makePromo();
    const off = await makePromo({ kind: "deposit", amount: 0, percent: 5, active: false });
    const old = await makePromo({ kind: "deposit", amount: 0, percent: 5, expiresAt: Date.now() - 1 });
    for (const code of ["NO-SUCH-CODE", balance.code, off.code, old.code, 7]) await refusal(await check(code, token), 400, "deposit_api.promo_invalid");

    const used = await makePromo({ kind: "deposit", amount: 0, percent: 5 });
    await env.DB.prepare("INSERT INTO promo_uses (promo_id, user_id, day, amount, created_at) VALUES (?1, ?2, ?3, 0, 0)")
      .bind(used.id, user.id, Math.floor(Date.now() / 86_400_000))
      .run();
    await refusal(await check(used.code, token), 409, "deposit_api.promo_already_used");

    const full = await makePromo({ kind: "deposit", amount: 0, percent: 5, dailyLimit: 1 });
    const other = await makeUser();
    await env.DB.prepare("INSERT INTO promo_uses (promo_id, user_id, day, amount, created_at) VALUES (?1, ?2, ?3, 0, 0)")
      .bind(full.id, other.user.id, Math.floor(Date.now() / 86_400_000))
      .run();
    await refusal(await check(full.code, token), 409, "deposit_api.promo_daily_limit");
    await refusal(await check(full.code), 401, "user_api.unauthorized");
  });
});
