// The player's seeds (docs/fairness.md "Provably fair"): the hash shown in advance, the
// editable client seed, the nonce, and a rotation revealing the server seed from which every
// roll made with it reproduces with casesPick.
import { describe, expect, it } from "vitest";
import { rotateAnswer, seedsAnswer, clientSeedAnswer } from "../../shared/api/cases";
import { CASES } from "../../shared/constants";
import { casesPick, keccakHex } from "../../shared/fairness";
import { call, getOne, makeCase, openCase, seedsOf } from "./cases-fixtures";
import { deposit, makeUser } from "./user-fixtures";

describe("case seeds", () => {
  it("a new player gets a random pair: a 64-hex hash, a random client seed, nonce 0, the same on every read", async () => {
    const a = await makeUser();
    const b = await makeUser();
    const first = seedsAnswer.parse(await seedsOf(a.token));
    expect(first.nonce).toBe(0);
    expect(first.client_seed).toMatch(/^[0-9a-f]{32}$/);
    expect(await seedsOf(a.token)).toEqual(first);
    const viaPost = await call("POST", "/api/cases/seeds", {}, a.token);
    expect(await viaPost.json()).toEqual(first);
    expect((await seedsOf(b.token)).server_seed_hash).not.toBe(first.server_seed_hash);
    expect((await call("GET", "/api/cases/seeds")).status).toBe(401);
    expect((await call("POST", "/api/cases/seeds/rotate", {})).status).toBe(401);
    expect((await call("POST", "/api/cases/seeds/client", { client_seed: "x" })).status).toBe(401);
  });

  it("every roll reproduces with casesPick from the server seed revealed by rotate", async () => {
    const kase = await makeCase(100, [
      { price: 30, weight: 50 },
      { price: 80, weight: 30 },
      { price: 150, weight: 15 },
      { price: 600, weight: 5 },
    ]);
    const { user, token } = await makeUser();
    await deposit(user.id, 10_000);
    const shown = await seedsOf(token);
    const opens = [];
    for (let i = 0; i < 6; i++) {
      const { status, body } = await openCase(token, kase.id);
      expect(status).toBe(200);
      expect(body.roll).toEqual({ server_seed_hash: shown.server_seed_hash, client_seed: shown.client_seed, nonce: i });
      opens.push(body);
    }
    expect((await seedsOf(token)).nonce).toBe(6);

    const res = await call("POST", "/api/cases/seeds/rotate", {}, token);
    expect(res.status).toBe(200);
    const rotated = rotateAnswer.parse(await res.json());
    expect(rotated.message).toBe("cases_api.seed_rotated");
    expect(rotated.previous).toMatchObject({ server_seed_hash: shown.server_seed_hash, client_seed: shown.client_seed, nonce: 6 });
    expect(keccakHex(rotated.previous.server_seed)).toBe(shown.server_seed_hash);
    expect(rotated.server_seed_hash).not.toBe(shown.server_seed_hash);
    expect(rotated).toMatchObject({ client_seed: shown.client_seed, nonce: 0 });
    expect(await seedsOf(token)).toEqual({ server_seed_hash: rotated.server_seed_hash, client_seed: rotated.client_seed, nonce: 0 });

    // the items of getOne are in pick order with their weights: the player's own check
    const { case: published } = await getOne(kase.id);
    const weights = published.items.map((i) => i.weight);
    for (const o of opens) {
      const index = casesPick(rotated.previous.server_seed, o.roll.client_seed, o.roll.nonce, weights);
      expect(published.items[index]!.id).toBe(o.winItem.id);
    }
    // the next open uses the new pair from nonce 0
    expect((await openCase(token, kase.id)).body.roll).toEqual({ server_seed_hash: rotated.server_seed_hash, client_seed: shown.client_seed, nonce: 0 });
  });

  it("the client seed can be changed (trimmed, printable, ≤ max); the nonce carries on; bad seeds are refused", async () => {
    const kase = await makeCase(100);
    const { user, token } = await makeUser();
    await deposit(user.id, 1_000);
    await openCase(token, kase.id);
    const before = await seedsOf(token);
    const res = await call("POST", "/api/cases/seeds/client", { client_seed: "  жёлтый 😀 seed  " }, token);
    expect(res.status).toBe(200);
    const saved = clientSeedAnswer.parse(await res.json());
    expect(saved).toEqual({
      success: true,
      message: "cases_api.client_seed_saved",
      server_seed_hash: before.server_seed_hash,
      client_seed: "жёлтый 😀 seed",
      nonce: 1,
    });
    const { body } = await openCase(token, kase.id);
    expect(body.roll).toEqual({ server_seed_hash: before.server_seed_hash, client_seed: "жёлтый 😀 seed", nonce: 1 });

    for (const bad of ["", "   ", "x".repeat(CASES.clientSeedMaxLength + 1), "a\u0000b", "line\nbreak", 42, null, ["a"]]) {
      const r = await call("POST", "/api/cases/seeds/client", { client_seed: bad }, token);
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expect(((await r.json()) as { message: string }).message).toBe("cases_api.invalid_client_seed");
    }
    expect(await seedsOf(token)).toEqual({ server_seed_hash: before.server_seed_hash, client_seed: "жёлтый 😀 seed", nonce: 2 });
    const max = "y".repeat(CASES.clientSeedMaxLength);
    expect((await call("POST", "/api/cases/seeds/client", { client_seed: max }, token)).status).toBe(200);
    expect((await seedsOf(token)).client_seed).toBe(max);
  });
});
