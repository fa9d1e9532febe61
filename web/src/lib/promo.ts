// Promo codes on the client (docs/money.md "Promo codes"): one hook for POST /api/user/usePromo, used by
// the profile's promo field and the /promo page. The code is normalised and checked with the
// server's own rule before sending; the balance arrives by the hub's updateBalance and the
// reloaded user.
import { normalisePromoCode, promoCalls } from "../../../shared/api/promo";
import { PROMO } from "../../../shared/constants";
import { api } from "./api";
import { useMoneyMutation } from "./moneyMutation";
import { queryKeys } from "./queryKeys";

/** The code as the server stores it, or null when it cannot be one (the button stays off). */
export function promoCodeOf(text: string): string | null {
  const code = normalisePromoCode(text);
  return PROMO.codePattern.test(code) ? code : null;
}

export function useRedeemPromo(onDone: () => void) {
  return useMoneyMutation({
    mutationKey: ["usePromo"],
    mutationFn: (promocode: string) => api(promoCalls.usePromo, { promocode }),
    clientKey: "user_error.send_promocode",
    reload: [queryKeys.user, queryKeys.profile],
    onDone,
  });
}
