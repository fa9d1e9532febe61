// Support tickets (docs/support.md): every §5 rule as its own case, the cross-player 404, the
// staff queue, and a staff reply reaching the player's socket live.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { createTicketAnswer, queueAnswer, sendMessageAnswer, staffTicketAnswer, ticketAnswer, ticketsAnswer } from "../../shared/api/tickets";
import { TICKET } from "../../shared/constants";
import { hub } from "../../worker/rooms/hub";
import { writeWaitingRound } from "./crash-fixtures";
import { bindHub, closeAll, connectHub, type HubClient, makeUser } from "./hub-client";
import { auditRows, post } from "./user-fixtures";

let open: HubClient[] = [];
afterEach(async () => {
  closeAll(open);
  open = [];
  for (let i = 0; i < 40 && (await hub(env).online()).total > 0; i++) await new Promise((r) => setTimeout(r, 25));
});

const good = { subject: "Deposit not credited", message: "I paid 10 dollars an hour ago and see nothing." };

async function create(token: string, ticket: Record<string, unknown> = good) {
  const res = await post("/api/tickets/create", { ticket }, token);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function openTicket(token: string, ticket: Record<string, unknown> = good): Promise<number> {
  const { status, body } = await create(token, ticket);
  expect(status, JSON.stringify(body)).toBe(200);
  return createTicketAnswer.parse(body).id;
}

async function call(path: string, body: unknown, token?: string) {
  const res = await post(path, body, token);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A ticket's row in the open queue, paging through it (other tests leave tickets open). */
async function findInQueue(id: number, token: string) {
  let after: unknown;
  for (let i = 0; i < 50; i++) {
    const page = queueAnswer.parse((await call("/api/admin/tickets/list", after ? { after } : {}, token)).body);
    const found = page.tickets.find((t) => t.id === id);
    if (found || !page.next) return found;
    after = page.next;
  }
  return undefined;
}

const count = async (table: string) => (await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table}`).first<{ n: number }>())?.n ?? 0;

describe("a player's tickets (§7 /api/tickets/*)", () => {
  it("creates a ticket, lists it, loads it with its first message, closes it", async () => {
    const { token } = await makeUser();
    const id = await openTicket(token);
    const list = ticketsAnswer.parse((await call("/api/tickets/get", undefined, token)).body);
    expect(list.tickets).toEqual([expect.objectContaining({ id, status: 0, subject: good.subject, unread: false, last_from: "player", messages_count: 1 })]);
    const got = ticketAnswer.parse((await call("/api/tickets/getById", { id }, token)).body);
    expect(got.ticket).toMatchObject({ id, status: 0, subject: good.subject, message: good.message, reference: null });
    expect(got.ticket.messages).toEqual([expect.objectContaining({ staff: false, message: good.message })]);
    expect(await call("/api/tickets/close", { id }, token)).toEqual({ status: 200, body: { success: true } });
    expect(ticketAnswer.parse((await call("/api/tickets/getById", { id: String(id) }, token)).body).ticket.status).toBe(1);
  });

  it("trims the text and refuses a subject or message outside the stated bounds, writing nothing", async () => {
    const { token } = await makeUser();
    const before = await count("tickets");
    const cases: [Record<string, unknown>, string][] = [
      [{ ...good, subject: "  ab  " }, "ticket_api.invalid_subject"],
      [{ ...good, subject: "x".repeat(TICKET.subjectMax + 1) }, "ticket_api.invalid_subject"],
      [{ ...good, message: " x " }, "ticket_api.invalid_message"],
      [{ ...good, message: "y".repeat(TICKET.messageMax + 1) }, "ticket_api.invalid_message"],
      [{ subject: good.subject }, "ticket_api.invalid_message"],
      [{ ...good, extra: 1 }, "app_api.invalid_request"],
    ];
    for (const [ticket, key] of cases) {
      const { status, body } = await create(token, ticket);
      expect(status, key).toBe(400);
      expect(body.message).toBe(key);
    }
    expect((await call("/api/tickets/create", { ticket: "hello" }, token)).status).toBe(400);
    expect(await count("tickets")).toBe(before);
    const id = await openTicket(token, { subject: `  ${"s".repeat(TICKET.subjectMax)}  `, message: "ok" });
    expect(ticketAnswer.parse((await call("/api/tickets/getById", { id }, token)).body).ticket.subject).toBe("s".repeat(TICKET.subjectMax));
  });

  it("keeps one open ticket at a time, also when two creates race", async () => {
    const { user, token } = await makeUser();
    const raced = await Promise.all([create(token), create(token), create(token)]);
    expect(raced.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of raced.filter((r) => r.status !== 200))
      expect(r).toEqual({ status: 409, body: expect.objectContaining({ message: "ticket_api.has_open_ticket" }) });
    const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM tickets WHERE user_id = ?1").bind(user.id).first<{ n: number }>();
    expect(rows?.n).toBe(1);
    // once it is closed, a new one opens
    const first = (raced.find((r) => r.status === 200)?.body.id ?? 0) as number;
    await call("/api/tickets/close", { id: first }, token);
    await openTicket(token);
  });

  it("takes messages on an open ticket only; a closed ticket takes none", async () => {
    const { token } = await makeUser();
    const id = await openTicket(token);
    const sent = sendMessageAnswer.parse((await call("/api/tickets/sendMessage", { id, message: "  Any news?  " }, token)).body);
    expect(sent.messages.map((m) => m.message)).toEqual([good.message, "Any news?"]);
    await call("/api/tickets/close", { id }, token);
    const before = await count("ticket_messages");
    expect(await call("/api/tickets/sendMessage", { id, message: "Hello again" }, token)).toEqual({
      status: 409,
      body: expect.objectContaining({ message: "ticket_api.ticket_closed" }),
    });
    expect(await count("ticket_messages")).toBe(before);
    // closing a closed ticket again is a retried close: success, nothing changes
    expect((await call("/api/tickets/close", { id }, token)).status).toBe(200);
  });

  it("refuses a message past the cap (too_many_messages)", async () => {
    const { user, token } = await makeUser();
    const id = await openTicket(token);
    await env.DB.prepare("UPDATE tickets SET messages_count = ?1 WHERE id = ?2 AND user_id = ?3").bind(TICKET.messagesMax, id, user.id).run();
    expect((await call("/api/tickets/sendMessage", { id, message: "One more" }, token)).body.message).toBe("ticket_api.too_many_messages");
  });

  it("answers another player's ticket exactly like a missing one: 404, never its content", async () => {
    const alice = await makeUser();
    const bob = await makeUser();
    const id = await openTicket(alice.token);
    for (const [path, body] of [
      ["/api/tickets/getById", { id }],
      ["/api/tickets/sendMessage", { id, message: "mine now" }],
      ["/api/tickets/close", { id }],
      ["/api/tickets/getById", { id: 999_999_999 }],
    ] as const) {
      const answer = await call(path, body, bob.token);
      expect(answer.status, path).toBe(404);
      expect(answer.body).toEqual({ status: "error", type: "error", success: false, message: "ticket_api.ticket_not_found" });
      expect(JSON.stringify(answer.body)).not.toContain(good.subject);
    }
    expect(ticketAnswer.parse((await call("/api/tickets/getById", { id }, alice.token)).body).ticket.status).toBe(0);
    expect(ticketsAnswer.parse((await call("/api/tickets/get", {}, bob.token)).body).tickets).toEqual([]);
  });

  it("answers ticket_api.invalid_id for a malformed id", async () => {
    const { token } = await makeUser();
    for (const id of [0, -1, 1.5, "1e2", "05", true, [5], null, "abc", 2 ** 53]) {
      for (const path of ["/api/tickets/getById", "/api/tickets/close"]) {
        const answer = await call(path, { id }, token);
        expect(answer, `${path} ${JSON.stringify(id)}`).toEqual({ status: 400, body: expect.objectContaining({ message: "ticket_api.invalid_id" }) });
      }
      expect((await call("/api/tickets/sendMessage", { id, message: "hello" }, token)).body.message).toBe("ticket_api.invalid_id");
    }
  });

  it("needs a session: a visitor is 401 and a banned player 403", async () => {
    expect((await call("/api/tickets/get", {})).status).toBe(401);
    const banned = await makeUser({ banned: true });
    expect((await call("/api/tickets/create", { ticket: good }, banned.token)).status).toBe(403);
  });
});

describe("references", () => {
  it("carries a round it is about; a round that does not exist is reference_not_found", async () => {
    const { token } = await makeUser();
    const round = await writeWaitingRound(880_001);
    const missing = await create(token, { ...good, reference: { kind: "crash", id: 880_999 } });
    expect(missing).toEqual({ status: 404, body: expect.objectContaining({ message: "ticket_api.reference_not_found" }) });
    const id = await openTicket(token, { ...good, reference: { kind: "crash", id: round.id } });
    expect(ticketAnswer.parse((await call("/api/tickets/getById", { id }, token)).body).ticket.reference).toEqual({ kind: "crash", id: round.id });
  });

  it("a payment must be the player's own, and staff see its provider reports", async () => {
    const alice = await makeUser();
    const bob = await makeUser();
    const staff = await makeUser({ isModerator: true });
    const paymentId = `pay_${crypto.randomUUID().slice(0, 12)}`;
    await env.DB.prepare(
      "INSERT INTO payments (id, user_id, request_id, method, provider, amount, currency, status) VALUES (?1, ?2, ?3, 'card', 'sandbox', 1000, 'USD', 'review')",
    )
      .bind(paymentId, alice.user.id, crypto.randomUUID())
      .run();
    expect((await create(bob.token, { ...good, reference: { kind: "payment", id: paymentId } })).body.message).toBe("ticket_api.reference_not_found");
    const id = await openTicket(alice.token, { ...good, reference: { kind: "payment", id: paymentId } });
    const got = staffTicketAnswer.parse((await call("/api/admin/tickets/get", { id }, staff.token)).body);
    expect(got.reference_detail).toMatchObject({ kind: "payment", payment: { id: paymentId, status: "review", reports: [] } });
    expect(got.context.review.map((p) => p.id)).toEqual([paymentId]);
    expect(got.context.user).toMatchObject({ id: alice.user.id, balance: 0, banned: false });
  });
});

describe("the staff queue", () => {
  it("is for moderators and admins only", async () => {
    const player = await makeUser();
    for (const path of [
      "/api/admin/tickets/list",
      "/api/admin/tickets/get",
      "/api/admin/tickets/reply",
      "/api/admin/tickets/close",
      "/api/admin/tickets/reopen",
    ]) {
      const answer = await call(path, { id: 1, message: "hi" }, player.token);
      expect(answer.status, path).toBe(403);
      expect(answer.body.message).toBe("user_api.forbidden");
      expect((await call(path, { id: 1, message: "hi" })).status).toBe(401);
    }
    const mod = await makeUser({ isModerator: true });
    const admin = await makeUser({ isAdmin: true });
    for (const s of [mod, admin]) expect((await call("/api/admin/tickets/list", {}, s.token)).status).toBe(200);
  });

  it("lists open tickets oldest first and pages them by cursor; closed ones latest first", async () => {
    const staff = await makeUser({ isAdmin: true });
    const players = await Promise.all(Array.from({ length: TICKET.pageSize + 3 }, () => makeUser()));
    const ids: number[] = [];
    for (const p of players) ids.push(await openTicket(p.token));
    const seen: number[] = [];
    let after: unknown;
    for (let i = 0; i < 20; i++) {
      const page = queueAnswer.parse((await call("/api/admin/tickets/list", after ? { after } : {}, staff.token)).body);
      seen.push(...page.tickets.map((t) => t.id));
      for (const t of page.tickets) expect(t.status).toBe(0);
      if (!page.next) break;
      after = page.next;
    }
    // every open ticket once, in creation order (the ones of other tests come before ours)
    expect(seen.filter((id) => ids.includes(id))).toEqual(ids);
    expect(new Set(seen).size).toBe(seen.length);

    await call("/api/tickets/close", { id: ids[0] }, players[0]?.token);
    await call("/api/tickets/close", { id: ids[1] }, players[1]?.token);
    const closed = queueAnswer.parse((await call("/api/admin/tickets/list", { status: 1 }, staff.token)).body);
    expect(closed.tickets.slice(0, 2).map((t) => t.id)).toEqual([ids[1], ids[0]]);
    for (const bad of [{ status: 2 }, { status: "0" }, { after: { at: -1, id: 1 } }, { after: { at: 1, id: 0 } }]) {
      expect((await call("/api/admin/tickets/list", bad, staff.token)).status, JSON.stringify(bad)).toBe(400);
    }
  });

  it("a staff reply reaches the player's socket live with a bell; the unread mark clears when he reads it", async () => {
    const player = await makeUser();
    const staff = await makeUser({ isModerator: true });
    const id = await openTicket(player.token);
    const [ps, ss] = [await connectHub(), await connectHub()];
    open.push(ps, ss);
    await bindHub(ps, player);
    await bindHub(ss, staff);

    // the player's message reaches the staff socket
    await call("/api/tickets/sendMessage", { id, message: "Still waiting" }, player.token);
    expect((await ss.next("ticketQueue", (f) => f.data.id === id)).data.open).toBeGreaterThan(0);
    const queued = await findInQueue(id, staff.token);
    expect(queued).toMatchObject({ unread: true, last_from: "player", messages_count: 2 });

    const got = staffTicketAnswer.parse((await call("/api/admin/tickets/get", { id }, staff.token)).body);
    expect(got.ticket.user.id).toBe(player.user.id);
    const reply = sendMessageAnswer.parse((await call("/api/admin/tickets/reply", { id, message: "We credited it, sorry." }, staff.token)).body);
    expect(reply.messages.at(-1)).toMatchObject({ staff: true, username: staff.user.username, message: "We credited it, sorry." });

    expect((await ps.next("ticket", (f) => f.data.id === id)).data).toEqual({ id, status: 0, unread: true });
    const bell = await ps.next("notification", (f) => f.data.name === "ticket_reply");
    expect(bell.data.content).toBe(`#${id} · ${good.subject}`);
    expect(ticketsAnswer.parse((await call("/api/tickets/get", {}, player.token)).body).tickets[0]).toMatchObject({ id, unread: true, last_from: "staff" });
    await call("/api/tickets/getById", { id }, player.token);
    expect(ticketsAnswer.parse((await call("/api/tickets/get", {}, player.token)).body).tickets[0]).toMatchObject({ id, unread: false });
    expect(ss.all("ticket")).toEqual([]);

    // the player's close reaches his other tabs and the queue
    const queueFrames = ss.all("ticketQueue").length;
    await call("/api/tickets/close", { id }, player.token);
    expect((await ps.next("ticket", (f) => f.data.id === id && f.data.status === 1)).data).toEqual({ id, status: 1, unread: false });
    await ss.next("ticketQueue", (f) => f.data.id === id, queueFrames);
  });

  it("closes and reopens with audit rows; reopen refuses while the player has another open ticket", async () => {
    const player = await makeUser();
    const staff = await makeUser({ isAdmin: true });
    const id = await openTicket(player.token);
    expect((await call("/api/admin/tickets/reopen", { id }, staff.token)).body.message).toBe("ticket_api.already_open");
    expect((await call("/api/admin/tickets/close", { id }, staff.token)).status).toBe(200);
    expect((await call("/api/admin/tickets/close", { id }, staff.token)).body.message).toBe("ticket_api.already_closed");
    expect((await call("/api/admin/tickets/reply", { id, message: "closed?" }, staff.token)).body.message).toBe("ticket_api.ticket_closed");
    const second = await openTicket(player.token);
    expect(await call("/api/admin/tickets/reopen", { id }, staff.token)).toEqual({
      status: 409,
      body: expect.objectContaining({ message: "ticket_api.has_open_ticket" }),
    });
    await call("/api/tickets/close", { id: second }, player.token);
    expect((await call("/api/admin/tickets/reopen", { id }, staff.token)).status).toBe(200);
    expect(ticketAnswer.parse((await call("/api/tickets/getById", { id }, player.token)).body).ticket.status).toBe(0);
    const audit = (await auditRows()).filter((r) => r.actor_id === staff.user.id);
    expect(audit.map((r) => r.action)).toEqual(["ticket.close", "ticket.reopen"]);
    for (const r of audit) expect(r).toMatchObject({ target_user_id: player.user.id });
    expect((await call("/api/admin/tickets/get", { id: 999_999_998 }, staff.token)).status).toBe(404);
  });
});
