import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

describe("POST /api/getConfig", () => {
  it("answers the config with chat ban reasons", async () => {
    const res = await exports.default.fetch("http://x/api/getConfig", { method: "POST" });
    expect(res.status).toBe(200);
    const body = await res.json<{ chat_ban_reasons: unknown[]; maintenance: boolean }>();
    expect(body.chat_ban_reasons).toEqual([]);
    expect(body.maintenance).toBe(false);
  });

  it("publishes the crash chain's terminating hash and the salt for verification", async () => {
    const res = await exports.default.fetch("http://x/api/getConfig", { method: "POST" });
    const body = await res.json<{ crash_terminal_hash: string; crash_salt: string }>();
    expect(body.crash_terminal_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(body.crash_salt).toMatch(/^[0-9a-f]{64}$/);
  });

  it("publishes the jackpot levels' terminating hashes and salt", async () => {
    const res = await exports.default.fetch("http://x/api/getConfig", { method: "POST" });
    const body = await res.json<{ jackpot_terminal_hashes: Record<string, string>; jackpot_salt: string }>();
    expect(Object.keys(body.jackpot_terminal_hashes).sort()).toEqual(["high", "low", "medium"]);
    for (const hash of Object.values(body.jackpot_terminal_hashes)) expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(body.jackpot_salt).toMatch(/^[0-9a-f]{64}$/);
  });

  it("turns malformed JSON into a catalogue key, not a 500", async () => {
    const res = await exports.default.fetch("http://x/api/getConfig", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{nope",
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ status: "error", message: "app_api.invalid_request" });
  });

  it("answers an unknown API path with a JSON 404", async () => {
    const res = await exports.default.fetch("http://x/api/nope", { method: "POST" });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ message: "app_api.not_found" });
  });
});
