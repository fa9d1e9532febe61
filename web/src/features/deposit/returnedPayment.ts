// Which payment the /deposit/success screen follows: the one the provider's return address names
// (FreeKassa appends MERCHANT_ORDER_ID; docs/payments.md "Payments") when the history holds it, else the
// newest (the history is newest first).
import type { PaymentJson } from "../../../../shared/api/payments";

const ORDER_PARAMS = ["MERCHANT_ORDER_ID", "order_id", "order"];

export function returnedPayment(payments: readonly PaymentJson[], params: URLSearchParams): PaymentJson | null {
  for (const name of ORDER_PARAMS) {
    const id = params.get(name);
    const named = id ? payments.find((p) => p.id === id) : undefined;
    if (named) return named;
  }
  return payments[0] ?? null;
}
