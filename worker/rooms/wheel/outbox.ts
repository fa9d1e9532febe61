// What the wheel room owes D1 (wheel_rounds rows and settlements): the generic outbox
// (rooms/base/outbox.ts) running the wheel's own D1 calls (settlement.ts).
import { betOutboxMoney, RoomOutbox } from "../base/outbox";
import type { RoundRow, Settlement } from "./effects";
import * as settlement from "./settlement";

export class Outbox extends RoomOutbox<RoundRow, Settlement> {
  constructor(storage: DurableObjectStorage, env: Env) {
    super(storage, env, betOutboxMoney<RoundRow, Settlement>(env, settlement), "wheel");
  }
}
