// /ws/bonus for the whole app: the Bonus button is on every screen and needs the room's minimum
// and end time (the hub's banks.bonus carries only the bank), the panel its participants.
import { useEffect } from "react";
import { getToken, onTokenChange } from "../../lib/session/token";
import { notify } from "../../lib/uiStore";
import { startBonus } from "./connection";

export function useBonusSocket(): void {
  useEffect(() => {
    const c = startBonus({ getToken, notify });
    const offToken = onTokenChange(c.reidentify);
    return () => {
      offToken();
      c.stop();
    };
  }, []);
}
