// Socket frames are JSON text `{ "event": <name>, "data": <payload> }` in both directions
// (docs/api.md "Sockets"). Each room's protocol file builds its client and server
// unions from `frame()`; both ends parse with `parseFrame()` and write with `encodeFrame()`.
import { z } from "zod";

export interface AnyFrame {
  event: string;
  data: unknown;
}

/** One frame variant: `{ event: <literal>, data: <schema> }`, extra keys rejected. */
export function frame<const E extends string, D extends z.ZodType>(event: E, data: D) {
  return z.strictObject({ event: z.literal(event), data });
}

/** The payload schema of a frame that carries nothing (`data: {}`). */
export const noData = z.strictObject({});

/** First frame of every room's socket on each (re)connect; an empty token stays a visitor. */
export const identityFrame = frame("identity", z.strictObject({ apiToken: z.string().max(256) }));
/** The keepalive pair every room answers without waking from hibernation (RoomProtocol.keepalive). */
export const pingFrame = frame("ping", noData);
export const pongFrame = frame("pong", noData);

/** The error frame every room may send: a message key of the catalogue (spec §8). */
export const errorFrame = frame("error", z.strictObject({ message: z.string().min(1).max(200) }));

/** A room's protocol: what its clients may send, what it may send back. */
export interface RoomProtocol<C extends AnyFrame, S extends AnyFrame> {
  client: z.ZodType<C>;
  server: z.ZodType<S>;
  /** Builds the room's error frame (validated against `server` like every other frame). */
  error(message: string): S;
  /** Keepalive pair: the server answers this exact ping text without waking from hibernation. */
  keepalive?: { ping: C; pong: S };
}

export type EventOf<F extends AnyFrame> = F["event"];
export type DataOf<F extends AnyFrame, E extends EventOf<F>> = Extract<F, { event: E }>["data"];

export type ParseResult<F> = { ok: true; frame: F } | { ok: false; reason: "json" | "shape" };

/** Text (or UTF-8 bytes) → a frame of `schema`, or why not. Never throws. */
export function parseFrame<F>(schema: z.ZodType<F>, raw: string | ArrayBuffer | ArrayBufferView): ParseResult<F> {
  let value: unknown;
  try {
    const text = typeof raw === "string" ? raw : new TextDecoder().decode(raw);
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: "json" };
  }
  const parsed = schema.safeParse(value);
  return parsed.success ? { ok: true, frame: parsed.data } : { ok: false, reason: "shape" };
}

export function encodeFrame(f: AnyFrame): string {
  return JSON.stringify({ event: f.event, data: f.data });
}

/** Ends a switch over a frame union: adding a variant without a case fails to compile. */
export function exhaustive(value: never): never {
  throw new Error(`unhandled frame: ${JSON.stringify(value)}`);
}
