// Helpers for the chat worker tests: chat sockets that can ask and wait for the next frame of an
// event, players who meet the minimum deposit (a deposit ledger row + balance, as the demo seed
// books it), staff, ban reasons, house items, and the HTTP calls of /api/chat.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import type { ChatServerFrame } from "../../shared/rooms/chat";
import { chatRoom } from "../../worker/rooms/chat/stub";
import { addCatalogue } from "./crash-fixtures";
import { connectChatSocket, type ChatClient } from "./hub-client";
import { deposit, makeUser, post } from "./user-fixtures";

type Event = ChatServerFrame["event"];
export type FrameOf<E extends Event> = Extract<ChatServerFrame, { event: E }>;

export function all<E extends Event>(c: ChatClient, event: E): FrameOf<E>[] {
  return c.frames.filter((f): f is FrameOf<E> => f.event === event);
}

/** The first frame of `event` after the first `skip` ones that matches. */
export async function next<E extends Event>(c: ChatClient, event: E, match: (f: FrameOf<E>) => boolean = () => true, skip = 0): Promise<FrameOf<E>> {
  return (await c.waitFor(
    (f) =>
      f.event === event &&
      all(c, event)
        .slice(skip)
        .includes(f as FrameOf<E>) &&
      match(f as FrameOf<E>),
    event,
  )) as FrameOf<E>;
}

/** Sends a sendMessage frame and waits for its chatAnswer. */
export async function say(c: ChatClient, message: string): Promise<FrameOf<"chatAnswer">["data"]> {
  const skip = all(c, "chatAnswer").length;
  c.send({ event: "sendMessage", data: { message } });
  return (await next(c, "chatAnswer", () => true, skip)).data;
}

/** How many of the chat room's open sockets are bound to the user (read in the room's attachments). */
const boundTo = (userId: number) =>
  runInDurableObject(
    chatRoom(env),
    async (_room, state) => state.getWebSockets().filter((ws) => (ws.deserializeAttachment() as { userId: number | null }).userId === userId).length,
  );

/** A chat socket that has its loadChat and quizInit and, for a user, is bound to them. */
export async function connectChat(who?: { token: string; user: { id: number } }): Promise<ChatClient> {
  const c = await connectChatSocket();
  await next(c, "loadChat");
  await next(c, "quizInit");
  if (who) {
    const before = await boundTo(who.user.id); // the user's other sockets
    c.identify(who.token);
    // identity has no answer of its own: bound once the room holds one more socket of the user
    for (let i = 0; ; i++) {
      if ((await boundTo(who.user.id)) > before) break;
      if (i > 80) throw new Error("the socket never got bound to the user");
      await sleep(25);
    }
  }
  return c;
}

/** A player with `depositCents` deposited (the minimum to chat is 100 cents in wrangler.toml). */
export async function player(depositCents = 500, fields: Parameters<typeof makeUser>[0] = {}) {
  const u = await makeUser(fields);
  if (depositCents > 0) await deposit(u.user.id, depositCents);
  return u;
}

export const moderator = () => makeUser({ isModerator: true });
export const admin = () => makeUser({ isAdmin: true });

export async function banReason(active = true, name = `reason-${crypto.randomUUID().slice(0, 6)}`): Promise<{ id: number; name: string }> {
  const row = await env.DB.prepare("INSERT INTO chat_ban_reasons (name, is_active) VALUES (?1, ?2) RETURNING id")
    .bind(name, active ? 1 : 0)
    .first<{ id: number }>();
  return { id: row!.id, name };
}

/** A house item (owner NULL) in `status`; returns its inventory id. */
export async function houseItem(price = 1_500, status = "available", name?: string): Promise<number> {
  const catalogueId = await addCatalogue(price, name);
  const row = await env.DB.prepare("INSERT INTO inventory_items (owner_id, catalogue_id, price, status) VALUES (NULL, ?1, ?2, ?3) RETURNING id")
    .bind(catalogueId, price, status)
    .first<{ id: number }>();
  return row!.id;
}

export async function chatCall<T = Record<string, unknown>>(path: string, body: unknown, token?: string): Promise<{ status: number; body: T }> {
  const res = await post(`/api/chat/${path}`, body, token);
  return { status: res.status, body: await res.json<T>() };
}

export async function adminChatCall<T = Record<string, unknown>>(path: string, body: unknown, token?: string): Promise<{ status: number; body: T }> {
  const res = await post(`/api/admin/chat/${path}`, body, token);
  return { status: res.status, body: await res.json<T>() };
}

export async function mutesOf(userId: number) {
  const { results } = await env.DB.prepare("SELECT * FROM chat_mutes WHERE user_id = ?1 ORDER BY id").bind(userId).all<{
    id: number;
    moderator_id: number;
    reason_id: number;
    duration_minutes: number | null;
    until: number | null;
    lifted_at: number | null;
    lifted_by: number | null;
  }>();
  return results;
}

export async function auditOf(action: string) {
  const { results } = await env.DB.prepare("SELECT * FROM audit_log WHERE action = ?1 ORDER BY id").bind(action).all<{
    actor_id: number;
    action: string;
    target_user_id: number | null;
    details: string;
  }>();
  return results.map((r) => ({ ...r, details: JSON.parse(r.details) as Record<string, unknown> }));
}

/** Waits for the socket's flood window / the rate limit to pass. */
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
