// Sign-up through a referral link (docs/money.md "Referrals"): /socialite/<provider>?nonce=…&ref=<code>
// binds a user created by that attempt to the referrer — once, never to oneself, never an
// existing player — and leaves the sign-in binding (the nonce) as it was.
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { TERMS } from "../../shared/constants";
import { bindSignInReferral, rememberSignInReferral } from "../../worker/referrals/binding";
import { referralCode, referrerIdOf } from "../../worker/referrals/code";
import { callback, newNonce, providerReturn, tokenOf } from "./auth-flow";
import { makeUser } from "./user-fixtures";

let steamSeq = 0;
function steamId(): string {
  steamSeq += 1;
  return `7656119900${String(Date.now() % 1_000_000).padStart(6, "0")}${steamSeq}`.slice(0, 17);
}

/** A whole Steam (or VK) sign-in carrying ?ref=; answers the signed-in user's id. */
async function signUpWith(ref: string | undefined, id: string, provider: "steam" | "vk" = "steam"): Promise<number> {
  const nonce = newNonce();
  const q = ref === undefined ? "" : `&ref=${encodeURIComponent(ref)}`;
  const res = await exports.default.fetch(`http://x/socialite/${provider}?nonce=${nonce}&terms=${TERMS.version}${q}`, { redirect: "manual" });
  expect(res.status).toBe(302);
  const url = new URL(res.headers.get("Location")!);
  url.searchParams.set(provider === "steam" ? "fake_steamid" : "fake_user_id", id);
  const result = await callback(await providerReturn(url));
  expect(result.message.nonce).toBe(nonce);
  const token = tokenOf(result);
  const me = await exports.default.fetch("http://x/api/user/get", { method: "POST", headers: { Authorization: `Bearer ${token}` } });
  return ((await me.json()) as { user: { id: number } }).user.id;
}

async function referrerOf(userId: number): Promise<number | null> {
  const row = await env.DB.prepare("SELECT referrer_id FROM referrals WHERE referee_id = ?1").bind(userId).first<{ referrer_id: number }>();
  return row?.referrer_id ?? null;
}

describe("referral codes", () => {
  it("are the user id in base 36 and read back; anything else names nobody", () => {
    expect(referralCode(35)).toBe("Z");
    expect(referralCode(123456)).toBe("2N9C");
    expect(referrerIdOf("2n9c")).toBe(123456);
    for (const bad of ["", "0", "00A", "A-B", "ZZZZZZZZZZZZZ", undefined, null]) expect(referrerIdOf(bad)).toBeUndefined();
  });
});

describe("binding at sign-up", () => {
  it("a new player who signs up through the link is bound to the referrer", async () => {
    const referrer = await makeUser();
    const id = await signUpWith(referralCode(referrer.user.id), steamId());
    expect(await referrerOf(id)).toBe(referrer.user.id);
  });

  it("works the same through VK ID", async () => {
    const referrer = await makeUser();
    const id = await signUpWith(referralCode(referrer.user.id), `77${Date.now() % 1_000_000}`, "vk");
    expect(await referrerOf(id)).toBe(referrer.user.id);
  });

  it("binds once: signing in again through another link changes nothing", async () => {
    const first = await makeUser();
    const second = await makeUser();
    const sid = steamId();
    const id = await signUpWith(referralCode(first.user.id), sid);
    expect(await signUpWith(referralCode(second.user.id), sid)).toBe(id);
    expect(await referrerOf(id)).toBe(first.user.id);
  });

  it("an existing player is never bound, nor is anyone to an unknown or malformed code", async () => {
    const referrer = await makeUser();
    const sid = steamId();
    const id = await signUpWith(undefined, sid);
    expect(await signUpWith(referralCode(referrer.user.id), sid)).toBe(id);
    expect(await referrerOf(id)).toBeNull();
    expect(await referrerOf(await signUpWith("ZZZZZZZZ", steamId()))).toBeNull();
    expect(await referrerOf(await signUpWith("<x>", steamId()))).toBeNull();
  });

  it("a banned player's code binds nobody, also when the ban lands between the start and the callback", async () => {
    const banned = await makeUser();
    await env.DB.prepare("UPDATE users SET banned = 1 WHERE id = ?1").bind(banned.user.id).run();
    expect(await referrerOf(await signUpWith(referralCode(banned.user.id), steamId()))).toBeNull();

    const later = await makeUser();
    const state = `state-${crypto.randomUUID()}`;
    const started = Date.now() - 1000;
    await rememberSignInReferral(env, state, referralCode(later.user.id), started);
    await env.DB.prepare("UPDATE users SET banned = 1 WHERE id = ?1").bind(later.user.id).run();
    const referee = await makeUser();
    expect(await bindSignInReferral(env, state, started, referee.user.id)).toBe(false);
    expect(await referrerOf(referee.user.id)).toBeNull();

    // the same code once the ban is lifted binds again
    await env.DB.prepare("UPDATE users SET banned = 0 WHERE id = ?1").bind(banned.user.id).run();
    expect(await referrerOf(await signUpWith(referralCode(banned.user.id), steamId()))).toBe(banned.user.id);
  });

  it("never binds a player to themselves (the CHECK refuses it too)", async () => {
    const sid = steamId();
    const id = await signUpWith(undefined, sid);
    // a self-link: the attempt carries the player's own code
    expect(await signUpWith(referralCode(id), sid)).toBe(id);
    expect(await referrerOf(id)).toBeNull();
    await expect(env.DB.prepare("INSERT INTO referrals (referee_id, referrer_id, created_at) VALUES (?1, ?1, 0)").bind(id).run()).rejects.toThrow(/CHECK/);
  });
});
