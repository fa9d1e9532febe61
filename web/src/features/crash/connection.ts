// The /ws/crash connection without React: identity like the hub (sent first on every
// (re)connect; the room answers with crashInit, which resynchronises everything), frames into
// the crash store, effects out to sounds, notices and the mode bar's crash bank.
import { crashProtocol, crashServerFrame, type CrashClientFrame, type CrashServerFrame } from "../../../../shared/rooms/crash";
import { createRoomSocket, roomUrl, type RoomSocket, type WebSocketFactory } from "../../lib/socket";
import type { SoundName } from "../../lib/sound";
import { CRASH } from "../../../../shared/constants";
import type { CrashEffect } from "./state";
import { useCrashStore } from "./store";

export interface CrashDeps {
  getToken(): string | null;
  notify(notice: { type: "success" | "fail" | "error"; message: string }): void;
  playSound(name: SoundName): void;
  setBank(dollars: number): void;
  /** §4: with maintenance on, the page reloads 5 s after a round ends. */
  reload(): void;
  url?: string;
  connect?: WebSocketFactory;
  random?: () => number;
}

export interface CrashConnection {
  socket: RoomSocket<CrashClientFrame, CrashServerFrame>;
  /** Sends identity again (sign-in / sign-out); the room answers with a fresh crashInit. */
  reidentify(): void;
  /** Places a bet; false when the socket is down (nothing sent). */
  bet(items: number[], autoWithdraw: number): boolean;
  take(betId: string): boolean;
  /** Admin, dev flag: crash now (no value) or schedule the next crash point. */
  twist(nextCrash?: number): boolean;
  stop(): void;
}

const EVENTS = crashServerFrame.options.map((o) => o.shape.event.value);
/** A bet with no answer for this long frees the button again. */
const SENDING_TIMEOUT_MS = 10_000;

export function startCrash(deps: CrashDeps): CrashConnection {
  const store = useCrashStore.getState;
  const identity = (): CrashClientFrame => ({ event: "identity", data: { apiToken: deps.getToken() ?? "" } });
  const socket = createRoomSocket({
    url: deps.url ?? (() => roomUrl("crash")),
    protocol: crashProtocol,
    hello: () => [identity()],
    connect: deps.connect,
    random: deps.random,
  });
  let reloadTimer: ReturnType<typeof setTimeout> | undefined;
  let sendingTimer: ReturnType<typeof setTimeout> | undefined;

  const perform = (effect: CrashEffect) => {
    switch (effect.kind) {
      case "sound":
        deps.playSound(effect.name);
        break;
      case "notify":
        deps.notify({ type: effect.type, message: effect.message });
        break;
      case "bank":
        deps.setBank(effect.dollars);
        break;
      case "crashed":
        if (store().maintenance && reloadTimer === undefined) reloadTimer = setTimeout(deps.reload, CRASH.reloadAfterCrashMs);
        break;
    }
  };

  for (const event of EVENTS)
    socket.on(event, (data) => {
      for (const effect of store().apply({ event, data } as CrashServerFrame)) perform(effect);
    });

  socket.onStatus((status) => {
    store().setConnected(status === "open");
    if (status !== "open") store().setSending(false);
  });

  const send = (frame: CrashClientFrame) => socket.send(frame);

  return {
    socket,
    reidentify: () => void send(identity()),
    bet(items, autoWithdraw) {
      if (!send({ event: "newBet", data: { items, autoWithdraw } })) return false;
      store().setSending(true);
      clearTimeout(sendingTimer);
      sendingTimer = setTimeout(() => store().setSending(false), SENDING_TIMEOUT_MS);
      return true;
    },
    take: (betId) => send({ event: "take", data: { betId } }),
    twist(nextCrash) {
      const ok = send({ event: "twistCrash", data: nextCrash === undefined ? {} : { nextCrash } });
      if (ok) store().setTwist(nextCrash ?? null);
      return ok;
    },
    stop() {
      clearTimeout(reloadTimer);
      clearTimeout(sendingTimer);
      socket.close();
      store().reset();
    },
  };
}
