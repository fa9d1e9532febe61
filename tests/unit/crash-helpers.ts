// Builders for the crash logic tests (not a test file itself).
import { CRASH } from "../../shared/constants";
import { crashServerFrame, type CrashServerFrame } from "../../shared/rooms/crash";
import type { CrashEvent, Effect, StepContext } from "../../worker/rooms/crash/effects";
import { step } from "../../worker/rooms/crash/logic";
import { createState, type CatalogueItem, type CrashState, type RoundSeed, type StakedItem } from "../../worker/rooms/crash/state";

export const T0 = 1_700_000_000_000;

export function seed(id: number, crashPoint: number, extra: Partial<RoundSeed> = {}): RoundSeed {
  return { id, publicHash: `pub${id}`, secret: `sec${id}`, crashPoint, provablyFair: true, dayOfMonth: 22, ...extra };
}

export function item(id: number, priceCents: number): StakedItem {
  return { id, market_hash_name: `Item ${id}`, name: `Item ${id}`, image: `img${id}`, rarity: "Covert", rarity_color: "#eb4b4b", price: priceCents };
}

/** Catalogue prices 1.00, 2.00, 5.00, 10.00, 25.00, 100.00 dollars (ids 901…). */
export const CATALOGUE: CatalogueItem[] = [100, 200, 500, 1000, 2500, 10000].map((p, i) => item(901 + i, p));

export const ctx = (maxPayoutCents = 100_000_000, catalogue: readonly CatalogueItem[] = CATALOGUE): StepContext => ({ catalogue, maxPayoutCents });

export const user = (id: number) => ({ id, username: `user${id}`, avatar: "default" });

/** A bet of `items` and `value` cents from the balance (0: items only). */
export function bet(id: string, userId: number, autoWithdraw: number, items: StakedItem[], value = 0): CrashEvent {
  return { type: "placeBet", bet: { id, user: user(userId), items, value, autoWithdraw }, maintenance: false, locked: true };
}

/** A driver that keeps the state and the effects of the last step; every frame is schema-checked. */
export class Room {
  state: CrashState;
  effects: Effect[] = [];
  outcome: ReturnType<typeof step>["outcome"];
  constructor(
    crashPoint: number,
    public context: StepContext = ctx(),
    public now = T0,
  ) {
    this.state = createState(seed(1, crashPoint), now);
  }
  at(ms: number): this {
    this.now = ms;
    return this;
  }
  do(event: CrashEvent, now = this.now): this {
    this.now = now;
    // step() must never change the state it is given (it shares unchanged bets with it): a frozen
    // state makes any in-place change throw, in every test that drives the room
    const r = step(deepFreeze(this.state), event, now, this.context);
    for (const e of r.effects) {
      if (e.type === "reply" || e.type === "send" || e.type === "broadcast") {
        const parsed = crashServerFrame.safeParse(e.frame);
        if (!parsed.success) throw new Error(`bad frame ${JSON.stringify(e.frame)}: ${parsed.error.message}`);
      }
    }
    this.state = r.state;
    this.effects = r.effects;
    this.outcome = r.outcome;
    return this;
  }
  /** Run the start timer at the countdown's end. */
  start(): this {
    return this.do({ type: "timer", name: "start" }, this.state.round.countdownEndsAt);
  }
  settlements() {
    return this.effects.flatMap((e) => (e.type === "settle" ? [e.settlement] : []));
  }
  frames(type: "reply" | "send" | "broadcast", event?: string) {
    return this.effects.flatMap((e) => (e.type === type && (!event || e.frame.event === event) ? [e] : []));
  }
  /** The payloads of one event sent this way in the last step, typed. */
  data<E extends CrashServerFrame["event"], D = Extract<CrashServerFrame, { event: E }>["data"]>(type: "reply" | "send" | "broadcast", event: E): D[] {
    return this.frames(type, event).map((e) => e.frame.data) as unknown as D[];
  }
  timers() {
    return Object.fromEntries(this.effects.flatMap((e) => (e.type === "schedule" ? [[e.name, e.at]] : [])));
  }
  betOf(id: string) {
    return this.state.bets.find((b) => b.id === id)!;
  }
}

export const COUNTDOWN = CRASH.countdownMs;

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
