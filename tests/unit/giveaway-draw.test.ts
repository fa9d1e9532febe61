// A giveaway's draw (shared/giveaway.ts) and scripts/verify-giveaway.mjs in Node: the winner against
// a vector computed here from keccak by hand, nobody from nobody, the record file, the chain checks;
// and the Telegram Login Widget's check (worker/telegram/widget.ts) against an HMAC made with
// node:crypto: good, forged, another bot's, stale and from the future.
import { createHash, createHmac } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sha3 from "js-sha3";
import { describe, expect, it } from "vitest";
import { type TelegramAuthBody, telegramAuthBody } from "../../shared/api/giveaways";
import { publicHash } from "../../shared/fairness";
import { giveawayWinner } from "../../shared/giveaway";
import { checkWidgetPayload } from "../../worker/telegram/widget";

const SECRET = "5c0ffee5c0ffee5c0ffee5c0ffee5c0ffee5c0ffee5c0ffee5c0ffee5c0ffee5";
const SALT = "a04ca2e29057a4b1d9416dbfb9e8d1b722c0494b1fc0cd320b7aa76edc40ca9c";

function byHand(secret: string, salt: string, ids: number[]): number | null {
  if (ids.length === 0) return null;
  const n = BigInt(`0x${sha3.keccak256(`${secret}:${salt}:1`).slice(0, 13)}`);
  return ids[Number((n * BigInt(ids.length)) / 2n ** 52n)]!;
}

describe("giveawayWinner", () => {
  it("matches the scheme computed by hand for every size; nobody from nobody", () => {
    for (const size of [0, 1, 2, 5, 33, 1000]) {
      const ids = Array.from({ length: size }, (_, i) => 40 + i);
      expect(giveawayWinner(SECRET, SALT, ids)).toBe(byHand(SECRET, SALT, ids));
    }
    expect(giveawayWinner(SECRET, SALT, [])).toBeNull();
  });

  it("is the bonus pool's first place (one scheme)", async () => {
    const { bonusWinners } = await import("../../shared/bonus");
    const ids = [3, 1, 4, 1_5, 9, 26];
    expect(giveawayWinner(SECRET, SALT, ids)).toBe(bonusWinners(SECRET, SALT, ids)[0]);
  });
});

describe("scripts/verify-giveaway.mjs", () => {
  it("recomputes the winner, checks the announced one, the public hash and the chain link", async () => {
    const script = await import("../../scripts/verify-giveaway.mjs");
    const ids = [7, 8, 9, 10];
    const winner = byHand(SECRET, SALT, ids)!;
    const previous = sha3.keccak256(SECRET);
    const good = script.verifyGiveaway({
      secret: SECRET,
      giveaway: 3,
      day: 12,
      salt: SALT,
      participants: ids,
      winner,
      public: publicHash(SECRET, 3, 12),
      previous,
    });
    expect(good).toMatchObject({ winner, winnerMatch: true, publicHashMatches: true, chainLinkHolds: true, ok: true });
    const other = ids.find((id) => id !== winner)!;
    expect(script.verifyGiveaway({ secret: SECRET, giveaway: 3, day: 12, salt: SALT, participants: ids, winner: other }).ok).toBe(false);
    expect(script.verifyGiveaway({ secret: SECRET, giveaway: 3, day: 12, salt: SALT, participants: ids, public: publicHash(SECRET, 4, 12) }).ok).toBe(false);

    const dir = mkdtempSync(path.join(os.tmpdir(), "giveaway-"));
    const file = path.join(dir, "record.json");
    writeFileSync(
      file,
      JSON.stringify({
        giveaway: { id: 3, day_of_month: 12, salt: SALT, secret: SECRET, participants: ids, winner: { id: winner }, public_hash: publicHash(SECRET, 3, 12) },
      }),
    );
    const lines: string[] = [];
    const io = { log: (s: string) => lines.push(s), error: (s: string) => lines.push(s) };
    expect(script.main(["--record-json", file], io)).toBe(0);
    expect(lines.join("\n")).toContain(`user ${winner}`);
    expect(script.main(["--secret", SECRET, "--giveaway", "3", "--day", "12", "--salt", SALT, "--participants", "", "--winner", "7"], io)).toBe(1);
    expect(script.main(["--giveaway", "x"], io)).toBe(2);
  });
});

const TOKEN = "7000000001:AAFakeTelegramBotTokenForLocalDev_only";
function sign(fields: Record<string, string | number>, token = TOKEN): TelegramAuthBody {
  const check = Object.keys(fields)
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join("\n");
  return telegramAuthBody.parse({ ...fields, hash: createHmac("sha256", createHash("sha256").update(token).digest()).update(check).digest("hex") });
}

describe("checkWidgetPayload", () => {
  const now = 1_800_000_000_000;
  const fresh = Math.floor(now / 1000) - 30;

  it("takes Telegram's signature: the account and its @username", async () => {
    expect(await checkWidgetPayload(sign({ id: 42, first_name: "Ivan", username: "ivan", auth_date: fresh }), TOKEN, now)).toEqual({
      ok: true,
      telegramId: "42",
      name: "@ivan",
    });
    expect(await checkWidgetPayload(sign({ id: 43, first_name: "Olga", auth_date: fresh }), TOKEN, now)).toMatchObject({ ok: true, name: "Olga" });
  });

  it("refuses a changed field, another bot's signature, a stale or a future date", async () => {
    const forged = telegramAuthBody.parse({ ...sign({ id: 42, first_name: "Ivan", auth_date: fresh }), id: 43 });
    expect(await checkWidgetPayload(forged, TOKEN, now)).toEqual({ ok: false, key: "telegram_api.bad_signature" });
    expect(await checkWidgetPayload(sign({ id: 42, first_name: "Ivan", auth_date: fresh }, "1:other_bot_token_abcdefghijklmnop"), TOKEN, now)).toEqual({
      ok: false,
      key: "telegram_api.bad_signature",
    });
    expect(await checkWidgetPayload(sign({ id: 42, auth_date: fresh - 86_401 }), TOKEN, now)).toEqual({ ok: false, key: "telegram_api.expired" });
    expect(await checkWidgetPayload(sign({ id: 42, auth_date: fresh + 3_600 }), TOKEN, now)).toEqual({ ok: false, key: "telegram_api.expired" });
  });
});

describe("the provably-fair page's giveaway check", () => {
  const record = (winner: number | null, secret: string | null = SECRET) => ({
    id: 3,
    status: "drawn" as const,
    item: {
      id: 1,
      market_hash_name: "AK-47 | Redline (Field-Tested)",
      name: "AK-47 | Redline",
      image: "",
      rarity: "Classified",
      rarity_color: "#d32ce6",
      price: 12,
    },
    rules: { telegram: false, username: false, min_deposit: 0, min_games: 0 },
    repeat: false,
    public_hash: publicHash(SECRET, 3, 12),
    secret,
    salt: SALT,
    day_of_month: 12,
    end_time: 0,
    created_at: 0,
    participants: [7, 8, 9, 10],
    winner: winner === null ? null : { id: winner, username: "w", avatar: "" },
  });

  it("recomputes the winner and the public hash; flags a different winner; waits for the secret", async () => {
    const { verifyGiveawayRecord } = await import("../../web/src/features/fairness/GiveawayVerifier");
    const winner = byHand(SECRET, SALT, [7, 8, 9, 10])!;
    expect(verifyGiveawayRecord(record(winner))).toMatchObject({ winner, winnerMatches: true, publicHashMatches: true });
    expect(verifyGiveawayRecord(record([7, 8, 9, 10].find((id) => id !== winner)!))).toMatchObject({ winnerMatches: false });
    expect(verifyGiveawayRecord(record(null, null))).toBeNull();
  });
});
