// worker/payments/md5.ts: the RFC 1321 test suite (appendix A.5) and node:crypto on inputs that
// cross the padding boundaries (55/56/64 bytes) and carry multi-byte UTF-8.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { md5Hex } from "../../worker/payments/md5";

describe("md5Hex", () => {
  it("matches the RFC 1321 A.5 test suite", () => {
    expect(md5Hex("")).toBe("d41d8cd98f00b204e9800998ecf8427e");
    expect(md5Hex("a")).toBe("0cc175b9c0f1b6a831c399e269772661");
    expect(md5Hex("abc")).toBe("900150983cd24fb0d6963f7d28e17f72");
    expect(md5Hex("message digest")).toBe("f96b697d7cb7938d525a2f31aaf161d0");
    expect(md5Hex("abcdefghijklmnopqrstuvwxyz")).toBe("c3fcd3d76192e4007dfb496cca67e13b");
    expect(md5Hex("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")).toBe("d174ab98d277d9f5a5611c2c9f419d9f");
    expect(md5Hex("1234567890".repeat(8))).toBe("57edf4a22be3c955ac49da2e2107b67a");
  });

  it("agrees with node:crypto across block boundaries and UTF-8", () => {
    const inputs = [54, 55, 56, 57, 63, 64, 65, 119, 120, 1000].map((n) => "x".repeat(n));
    inputs.push("Платёж №42 · 漢字 · 🎲", "é".repeat(40));
    // seeded, so a failure replays: 50 pseudo-random texts of growing length
    let x = 0x2545f491;
    const next = () => {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      return (x >>> 0) / 2 ** 32;
    };
    for (let i = 0; i < 50; i++) inputs.push(next().toString(36).repeat(i));
    for (const text of inputs) expect(md5Hex(text), JSON.stringify(text.slice(0, 20))).toBe(createHash("md5").update(text, "utf8").digest("hex"));
  });
});
