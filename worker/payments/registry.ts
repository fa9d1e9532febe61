// §9 deposit methods → the provider adapter that serves each (docs/payments.md "Payments"):
//   card           FreeKassa SCI form (optionally preselecting its card method: FREEKASSA_CARD_METHOD)
//   skins          no money provider: the trade bot brings the items in (TRADE_BOT_URL)
//   wallet_a       the peer-to-peer wallet (instructions + receipt lookup)
//   wallet_b       FreeKassa SCI form with its wallet method preselected (FREEKASSA_WALLET_B_METHOD)
//   card_2         Stripe Checkout (JSON API + signed webhook)
//   placeholder_*  shown greyed out, never available
// A method is available only when its provider's credentials are present: nothing is faked.
import { DEPOSIT } from "../../shared/constants";
import { freekassa } from "./freekassa";
import { stripe } from "./stripe";
import type { PaymentAdapter, PaymentsEnv } from "./types";
import { present } from "./types";
import { wallet } from "./wallet";

export type DepositMethodId = (typeof DEPOSIT.methods)[number]["id"];

export type RegistryEnv = PaymentsEnv & { TRADE_BOT_URL?: string };

export interface DepositMethod {
  id: DepositMethodId;
  type: "money" | "skins";
  /** what the client does after create: follow a url, open the wallet modal, pick skins */
  flow: "redirect" | "wallet" | "skins" | "none";
  placeholder: boolean;
  available: boolean;
  /** null for skins and placeholders */
  adapter: PaymentAdapter | null;
  /** the provider's own method code to preselect on its page (FreeKassa `i`) */
  methodCode?: string;
}

function entry(env: RegistryEnv, id: DepositMethodId): Omit<DepositMethod, "id" | "type" | "placeholder"> {
  switch (id) {
    case "card":
      return { flow: "redirect", adapter: freekassa, available: freekassa.configured(env), methodCode: env.FREEKASSA_CARD_METHOD?.trim() || undefined };
    case "wallet_b":
      return {
        flow: "redirect",
        adapter: freekassa,
        available: freekassa.configured(env) && present(env.FREEKASSA_WALLET_B_METHOD),
        methodCode: env.FREEKASSA_WALLET_B_METHOD?.trim() || undefined,
      };
    case "card_2":
      return { flow: "redirect", adapter: stripe, available: stripe.configured(env) };
    case "wallet_a":
      return { flow: "wallet", adapter: wallet, available: wallet.configured(env) };
    case "skins":
      return { flow: "skins", adapter: null, available: present(env.TRADE_BOT_URL) };
    default:
      return { flow: "none", adapter: null, available: false };
  }
}

/** Every §9 method in the modal's order, with its availability under this env. */
export function depositMethods(env: RegistryEnv): DepositMethod[] {
  return DEPOSIT.methods.map((m) => ({
    id: m.id,
    type: m.type,
    placeholder: "placeholder" in m && m.placeholder,
    ...entry(env, m.id),
  }));
}
