// What the crash room owes D1 (crash_rounds rows and settlements): the generic outbox
// (rooms/base/outbox.ts) running the crash's own D1 calls (settlement.ts).
import { betSettler } from "../base/bet-settler";
import { type OutboxEntryOf, RoomOutbox } from "../base/outbox";
import type { RoundRow, Settlement } from "./effects";
import * as settlement from "./settlement";

export type OutboxEntry = OutboxEntryOf<RoundRow, Settlement>;

export class Outbox extends RoomOutbox<RoundRow, Settlement> {
  constructor(storage: DurableObjectStorage, env: Env) {
    super(storage, env, betSettler(env, settlement), "crash");
  }
}
