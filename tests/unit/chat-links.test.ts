// docs/security.md "Chat link filter": the chat link filter against a corpus of link-hiding tricks (zero-width and format
// characters, dots of other scripts, look-alike letters, written-out dots, spaced dots, .onion,
// punycode, IPs, defanged schemes) and of harmless chat text that must still pass.
import { describe, expect, it } from "vitest";
import { containsLink, linkForms } from "../../shared/chat-links";
import corpus from "./fixtures/chat-links-corpus.json";

const show = (text: string) => JSON.stringify(text).replace(/[^\x20-\x7e]/g, (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`);

describe("chat link corpus", () => {
  it("holds enough cases", () => {
    expect(corpus.blocked.length).toBeGreaterThanOrEqual(90);
    expect(corpus.allowed.length).toBeGreaterThanOrEqual(70);
  });

  for (const { kind, text } of corpus.blocked) {
    it(`refuses ${kind}: ${show(text)}`, () => expect(containsLink(text)).toBe(true));
  }
  for (const { kind, text } of corpus.allowed) {
    it(`lets ${kind} pass: ${show(text)}`, () => expect(containsLink(text)).toBe(false));
  }
});

describe("normalisation", () => {
  it("drops invisible characters, maps dots of other scripts and written-out dots, lower-cases", () => {
    expect(linkForms("Ev\u200Bil\u3002C\u00ADom")).toEqual(["evil.com"]);
    expect(linkForms("evil [dot] com")).toEqual(["evil.com"]);
    expect(linkForms("ｅｖｉｌ．ｃｏｍ")).toEqual(["evil.com"]);
    expect(linkForms("e\u0301vil.com")).toEqual(["évil.com", "evil.com"]);
  });

  it("answers a long hostile message (a backtracking pattern would not finish within the test's timeout)", () => {
    const text = "a.".repeat(120) + "\u200B".repeat(10);
    for (let i = 0; i < 100; i++) expect(containsLink(text)).toBe(false); // no known top-level domain in it
  });
});
