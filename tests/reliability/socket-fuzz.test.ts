// Bad socket frames, generated from each room's shared client schema (shared/rooms/*.ts) and a
// valid frame of each event (docs/testing.md "Reliability suite"): on an identified player's
// socket, every frame the schema refuses is answered with one `error` frame carrying
// app_api.invalid_request — a frame over SOCKET.maxFrameLength closes the socket with
// SOCKET.tooBigCode instead — the room keeps answering afterwards, and nothing is written to D1.
import { afterAll, describe, expect, it } from "vitest";
import { SOCKET } from "../../shared/constants";
import type { z } from "zod";
import { bonusClientFrame } from "../../shared/rooms/bonus";
import { chatClientFrame } from "../../shared/rooms/chat";
import { crashClientFrame } from "../../shared/rooms/crash";
import { hubClientFrame } from "../../shared/rooms/hub";
import { jackpotClientFrame } from "../../shared/rooms/jackpot";
import { wheelClientFrame } from "../../shared/rooms/wheel";
import { type RoomClient, makeUser } from "../worker/hub-client";
import { bodyCases, type FuzzCase } from "./fuzz-cases";
import { changedTables, openSocket, snapshot } from "./reliability-fixtures";

type Frame = { event: string; data: unknown };

interface Room {
  path: string;
  schema: z.ZodType;
  /** One valid frame of each event the room takes (identity comes first on every socket). */
  frames: (token: string) => Frame[];
}

const ping = { event: "ping", data: {} };
const identity = (token: string) => ({ event: "identity", data: { apiToken: token } });
const ROOMS: Room[] = [
  { path: "/ws/hub", schema: hubClientFrame, frames: (t) => [identity(t), ping] },
  { path: "/ws/chat", schema: chatClientFrame, frames: (t) => [identity(t), ping, { event: "sendMessage", data: { message: "hello" } }] },
  {
    path: "/ws/crash",
    schema: crashClientFrame,
    frames: (t) => [
      identity(t),
      ping,
      { event: "newBet", data: { items: [1, 2], autoWithdraw: 2, value: 1.5, token: t } },
      { event: "take", data: { betId: 1 } },
      { event: "twistCrash", data: { nextCrash: 2 } },
      { event: "getGame", data: { id: 1 } },
    ],
  },
  { path: "/ws/jackpot?level=low", schema: jackpotClientFrame, frames: (t) => [identity(t), ping] },
  { path: "/ws/wheel", schema: wheelClientFrame, frames: (t) => [identity(t), ping] },
  { path: "/ws/bonus", schema: bonusClientFrame, frames: (t) => [identity(t), ping] },
];

/** The rows a room writes by its own clock while the test runs (a round opened, started, settled with no bets). */
const ROUND_TABLES = /^(crash|jackpot|wheel|bonus)_rounds$/;

/** Frames per socket before a fresh one: under the flood limit with the identity and the barrier. */
const PER_SOCKET = SOCKET.flood.maxFrames - 4;
const totals = { rooms: 0, frames: 0, answered: 0, closedTooBig: 0, skipped: 0 };

/** A ping the runtime does not answer itself (other spacing): the room answers it after every frame before it. */
const BARRIER = '{ "event": "ping", "data": {} }';

async function identified(path: string, token: string): Promise<RoomClient<Frame>> {
  const socket = await openSocket(path);
  socket.send(identity(token));
  await barrier(socket);
  return socket;
}

async function barrier(socket: RoomClient<Frame>): Promise<void> {
  const skip = socket.all("pong").length;
  socket.send(BARRIER);
  await socket.next("pong", () => true, skip, 10_000);
}

afterAll(() => {
  console.log(
    `socket fuzz: ${totals.frames} bad frames over ${totals.rooms} rooms, ${totals.answered} answered app_api.invalid_request, ${totals.closedTooBig} too big closed with ${SOCKET.tooBigCode}; ${totals.skipped} generated frames the schemas accept were not sent`,
  );
});

describe("every room answers the bad frames generated from its schema, writing nothing", () => {
  for (const room of ROOMS) {
    it(room.path, { timeout: 180_000 }, async () => {
      const { token } = await makeUser();
      const cases: FuzzCase[] = [];
      for (const valid of room.frames(token)) {
        const generated = bodyCases(room.schema, valid);
        cases.push(...generated.cases.map((c) => ({ ...c, label: `${valid.event}: ${c.label}` })));
        totals.skipped += generated.skipped;
      }
      totals.rooms++;
      totals.frames += cases.length;
      const small = cases.filter((c) => new TextEncoder().encode(c.text).length <= SOCKET.maxFrameLength && c.text !== "");
      const big = cases.filter((c) => !small.includes(c));
      const before = await snapshot();
      const problems: string[] = [];

      for (let i = 0; i < small.length; i += PER_SOCKET) {
        const socket = await identified(room.path, token);
        const batch = small.slice(i, i + PER_SOCKET);
        const errorsBefore = socket.all("error").length;
        for (const c of batch) socket.send(c.text);
        await barrier(socket);
        const errors = (socket.frames.filter((f) => f.event === "error") as Array<{ data: { message: string } }>).slice(errorsBefore);
        if (errors.length !== batch.length)
          problems.push(`${batch.length} bad frames got ${errors.length} error frames (${batch.map((c) => c.label).join("; ")})`);
        for (const e of errors) if (e.data.message !== "app_api.invalid_request") problems.push(`error ${JSON.stringify(e.data)}`);
        totals.answered += errors.length;
        socket.close();
      }
      for (const c of big) {
        const socket = await identified(room.path, token);
        // an empty text frame is no frame at all to some runtimes: it must not break the room either
        socket.send(c.text);
        if (c.text === "") {
          await barrier(socket);
          const errors = socket.all("error").length;
          if (errors > 1) problems.push(`${c.label}: ${errors} error frames`);
          totals.answered += errors;
        } else {
          const closed = await socket.waitClosed(10_000);
          if (closed.code !== SOCKET.tooBigCode) problems.push(`${c.label}: closed with ${closed.code} ${closed.reason}`);
          else totals.closedTooBig++;
        }
        socket.close();
      }
      // the room still answers
      const after = await identified(room.path, token);
      after.close();
      expect(problems).toEqual([]);
      // a game room's clock opens and closes rounds on its own (its *_rounds rows): not the frames' doing
      const written = changedTables(before, await snapshot()).filter((t) => !ROUND_TABLES.test(t));
      expect(written, "tables written by refused frames").toEqual([]);
    });
  }
});
