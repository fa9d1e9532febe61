// Bad input, generated from the contracts (docs/testing.md "Reliability suite"): every /api route
// is sent the bodies (POST) or query strings (GET) that tests/reliability/fuzz-cases.ts derives
// from its shared zod schema and a valid value of it, by an admin past the second factor (so no
// access guard answers before the body is read). Each must be refused with a 4xx, the one error
// schema and a key of the §8 catalogue that the contract declares for that status — never a 5xx,
// never a 2xx — and the database must be byte for byte what it was before the route's cases.
import { exports } from "cloudflare:workers";
import { afterAll, describe, expect, it } from "vitest";
import { errorAnswer } from "../../shared/api/common";
import { type Contract, statusesOf } from "../../shared/api/contract";
import { SERVER_KEYS } from "../../shared/errors";
import { type Caller, ROUTES } from "../worker/api-answers-routes";
import { CONTRACTS } from "../worker/contracts";
import { deposit, makeUser } from "../worker/user-fixtures";
import { uniqueTradeLink } from "../worker/withdraw-fixtures";
import { bodyCases, type FuzzCase, queryCases } from "./fuzz-cases";
import { changedTables, snapshot } from "./reliability-fixtures";

const serverKeys = new Set<string>(Object.values(SERVER_KEYS).flat());
const keyOf = (call: { method: string; path: string }) => `${call.method} ${call.path}`;
const contractOf = new Map<string, Contract>(CONTRACTS.map((c) => [keyOf(c), c]));

const totals = { routes: 0, cases: 0, skipped: 0, refused: 0, callbacks: 0, byStatus: new Map<number, number>() };

/** A fresh admin per route (a player may hold one open ticket, one withdrawal…), with a balance and a trade link. */
async function adminCaller(): Promise<Caller> {
  const tradeLink = uniqueTradeLink();
  const { user, token } = await makeUser({ tradeLink, isAdmin: true });
  await deposit(user.id, 10_000);
  return { user, token, tradeLink, admin: { id: user.id, token } };
}

/** The valid call itself, once the bad ones are checked: what later routes' seeding expects (a running giveaway…). */
async function sendValid(call: Contract, valid: Record<string, unknown>, token: string): Promise<void> {
  const headers = { Authorization: `Bearer ${token}` };
  if (call.method === "GET") {
    const query = new URLSearchParams(Object.entries(valid).map(([k, v]) => [k, String(v)])).toString();
    await (await exports.default.fetch(`http://x${call.path}${query ? `?${query}` : ""}`, { headers })).arrayBuffer();
  } else {
    const init = { method: "POST", headers: { ...headers, "Content-Type": "application/json" }, body: JSON.stringify(valid) };
    await (await exports.default.fetch(`http://x${call.path}`, init)).arrayBuffer();
  }
}

/** One case sent to the route; answers what is wrong with its answer, if anything. */
async function send(call: Contract, c: FuzzCase, token: string): Promise<string | null> {
  const headers = { Authorization: `Bearer ${token}` };
  const res =
    call.method === "GET"
      ? await exports.default.fetch(`http://x${call.path}?${c.text}`, { headers })
      : await exports.default.fetch(`http://x${call.path}`, { method: "POST", headers: { ...headers, "Content-Type": "application/json" }, body: c.text });
  const raw = await res.text();
  totals.byStatus.set(res.status, (totals.byStatus.get(res.status) ?? 0) + 1);
  if (res.status >= 500) return `${c.label}: ${res.status} ${raw.slice(0, 200)}`;
  if (res.status < 400) return `${c.label}: accepted (${res.status}) a value its schema refuses`;
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return `${c.label}: ${res.status} answered no JSON: ${raw.slice(0, 120)}`;
  }
  const parsed = errorAnswer.safeParse(body);
  if (!parsed.success) return `${c.label}: ${res.status} not the error schema: ${raw.slice(0, 120)}`;
  const key = parsed.data.message;
  if (!serverKeys.has(key)) return `${c.label}: ${res.status} ${key} is not in the catalogue`;
  const declared = call.refusals[key as keyof Contract["refusals"]];
  if (declared === undefined || !statusesOf({ [key]: declared }).includes(res.status as 400)) {
    return `${c.label}: ${res.status} ${key} is not declared by the contract for that status`;
  }
  totals.refused++;
  return null;
}

afterAll(() => {
  const statuses = [...totals.byStatus.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`);
  console.log(
    `api fuzz: ${totals.cases} bad inputs over ${totals.routes} routes, ${totals.refused} refused with a declared key (${statuses.join(", ")}); ${totals.skipped} generated values the schemas accept were not sent; ${totals.callbacks} unreadable provider callbacks refused`,
  );
});

describe("every /api route refuses the bad inputs generated from its schema, writing nothing", () => {
  for (const entry of ROUTES) {
    it(`${entry.method} ${entry.path}`, { timeout: 120_000 }, async () => {
      const call = contractOf.get(keyOf(entry));
      expect(call, "a contract for the route").toBeDefined();
      if (!call) return;
      const admin = await adminCaller();
      const valid = ((await entry.body?.(admin)) ?? {}) as Record<string, unknown>;
      const generated =
        call.method === "GET"
          ? call.query
            ? queryCases(call.query, Object.fromEntries(Object.entries(valid).map(([k, v]) => [k, String(v)])))
            : { cases: [], skipped: 0 }
          : bodyCases(call.body, valid);
      totals.routes++;
      totals.cases += generated.cases.length;
      totals.skipped += generated.skipped;
      const before = await snapshot();
      const problems: string[] = [];
      for (const c of generated.cases) {
        const problem = await send(call, c, admin.token as string);
        if (problem) problems.push(problem);
      }
      // a game room's clock may open or close a round meanwhile (its *_rounds rows): not the route's doing
      const written = changedTables(before, await snapshot()).filter((t) => !/^(crash|jackpot|wheel|bonus)_rounds$/.test(t));
      await sendValid(call, valid, admin.token as string);
      expect(problems).toEqual([]);
      expect(written, "tables written by refused calls").toEqual([]);
    });
  }
});

/** Bodies no provider sends, in every content type a callback reads, and a broken stream. */
function callbackBodies(): Array<{ label: string; type: string; body: string }> {
  const types = ["application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "multipart/form-data", "application/json", "text/plain", ""];
  const bodies: Array<[string, string]> = [
    ["garbage", "garbage"],
    ["empty", ""],
    ["bad percent-encoding", "%E0%A4%A=%%%&MERCHANT_ID=%"],
    ["a truncated multipart", '--x\r\nContent-Disposition: form-data; name="SIGN"\r\n\r\nab'],
    ["JSON", '{"type":"checkout.session.completed","data":{"object":{"id":"cs_1","amount_total":1e309}}}'],
    ["deep JSON", `${"[".repeat(5000)}${"]".repeat(5000)}`],
    ["fields with a huge value", `MERCHANT_ID=1&AMOUNT=${"9".repeat(100_000)}&intid=1&MERCHANT_ORDER_ID=a&SIGN=b`],
    ["__proto__ fields", "__proto__[x]=1&constructor[prototype][y]=2&MERCHANT_ID=1"],
    ["1 MB", "C".repeat(1024 * 1024)],
  ];
  return types.flatMap((type) => bodies.map(([label, body]) => ({ label: `${type || "no type"}: ${label}`, type, body })));
}

describe("the provider callbacks refuse what no provider sends, writing nothing", () => {
  const callbacks = [
    { method: "POST", path: "/api/payment/callback/freekassa" },
    { method: "POST", path: "/api/payment/webhook/stripe" },
  ];
  for (const cb of callbacks) {
    it(`${cb.method} ${cb.path}`, { timeout: 120_000 }, async () => {
      const before = await snapshot();
      const problems: string[] = [];
      for (const c of callbackBodies()) {
        const headers: Record<string, string> = c.type ? { "Content-Type": c.type } : {};
        if (cb.path.endsWith("stripe")) headers["Stripe-Signature"] = "t=1,v1=00";
        const res = await exports.default.fetch(`http://x${cb.path}`, { method: cb.method, headers, body: c.body });
        await res.arrayBuffer();
        totals.callbacks++;
        if (res.status !== 400) problems.push(`${c.label}: ${res.status}`);
      }
      // and the GET form of the FreeKassa notification with broken query strings
      if (cb.path.endsWith("freekassa")) {
        for (const q of ["%", "MERCHANT_ID=%ZZ", `AMOUNT=${"1".repeat(50_000)}`, "__proto__=1&MERCHANT_ID[]=1"]) {
          const res = await exports.default.fetch(`http://x${cb.path}?${q}`);
          await res.arrayBuffer();
          totals.callbacks++;
          if (res.status !== 400) problems.push(`GET ?${q.slice(0, 40)}: ${res.status}`);
        }
      }
      expect(problems).toEqual([]);
      expect(changedTables(before, await snapshot()), "tables written by refused callbacks").toEqual([]);
    });
  }
});
