// The /ws/crash connection without React (lib/gameSocket.ts): identity like the hub (sent first on
// every (re)connect; the room answers with crashInit, which resynchronises everything), frames into
// the crash store, effects out to sounds, notices and the mode bar's crash bank.
import { CRASH } from "../../../../shared/constants";
import { crashProtocol, crashServerFrame, type CrashClientFrame, type CrashServerFrame } from "../../../../shared/rooms/crash";
import { performGameEffect, startGameSocket, type GameEffectDeps, type GameSocket, type GameSocketDeps } from "../../lib/gameSocket";
import { roomUrl } from "../../lib/socket";
import type { CrashEffect } from "./state";
import { useCrashStore } from "./store";

export interface CrashDeps extends GameSocketDeps, GameEffectDeps {
  /** §4: with maintenance on, the page reloads 5 s after a round ends. */
  reload(): void;
}

export interface CrashConnection extends GameSocket<CrashClientFrame, CrashServerFrame> {
  /** Places a bet; false when the socket is down (nothing sent). */
  /** value: dollars from the balance (0: items only) */
  bet(items: number[], autoWithdraw: number, value: number): boolean;
  /** a manual cash-out (the `take` frame) */
  cashOut(betId: string): boolean;
  /** Admin, dev flag: crash now (no value) or schedule the next crash point. */
  twist(nextCrash?: number): boolean;
  stop(): void;
}

const EVENTS = crashServerFrame.options.map((o) => o.shape.event.value);
/** A bet with no answer for this long frees the button again. */
const SENDING_TIMEOUT_MS = 10_000;

/** The crash room's url for this visitor or player. */
export function watchUrl(base: string, token: string | null | undefined): string {
  return token ? base : `${base}${base.includes("?") ? "&" : "?"}watch=1`;
}

export function startCrash(deps: CrashDeps): CrashConnection {
  const store = useCrashStore.getState;
  let reloadTimer: ReturnType<typeof setTimeout> | undefined;
  let sendingTimer: ReturnType<typeof setTimeout> | undefined;
  const perform = (effect: CrashEffect) => {
    if (effect.kind !== "crashed") performGameEffect(effect, deps);
    else if (store().maintenance && reloadTimer === undefined) reloadTimer = setTimeout(deps.reload, CRASH.reloadAfterCrashMs);
  };
  const { socket, reidentify } = startGameSocket({
    // a visitor only watches: through a relay when the site has them (docs/relay.md); a player
    // comes straight to the room, where bets are taken (signing in or out reconnects)
    deps: { ...deps, url: undefined },
    url: () => watchUrl(deps.url ?? roomUrl("crash"), deps.getToken()),
    protocol: crashProtocol,
    events: EVENTS,
    apply: (frame) => store().apply(frame),
    perform,
    // a bet sent while the socket is away goes out after identity when it is back (lib/socket.ts)
    setConnected: (open) => store().setConnected(open),
  });

  const send = (frame: CrashClientFrame) => socket.send(frame);

  return {
    socket,
    reidentify,
    bet(items, autoWithdraw, value) {
      if (!send({ event: "newBet", data: value > 0 ? { items, autoWithdraw, value } : { items, autoWithdraw } })) return false;
      store().setSending(true);
      clearTimeout(sendingTimer);
      sendingTimer = setTimeout(() => store().setSending(false), SENDING_TIMEOUT_MS);
      return true;
    },
    cashOut: (betId) => send({ event: "take", data: { betId } }),
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
