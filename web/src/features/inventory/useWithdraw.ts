// Skin withdrawal by game-platform trade (§4 Withdraw flow): the fee preview and
// POST /api/withdraws/send with the items keyed by id. The fee (20 %, §9) is paid from the balance.
import { useQuery } from "@tanstack/react-query";
import { withdrawsCalls } from "../../../../shared/api/withdraws";
import { FEES } from "../../../../shared/constants";
import { toCents } from "../../../../shared/money";
import { api, ApiError } from "../../lib/api";
import { useMoneyMutation } from "../../lib/moneyMutation";
import { queryKeys } from "../../lib/queryKeys";
import { withdrawFeeCents } from "./actions";
import type { InventoryItem } from "./types";

export const WITHDRAW_MUTATION_KEY = ["inventory", "withdraw"];

/** `{ "<myId>": 1, … }`: the §7 body shape of POST /api/withdraws/send. */
export function itemsKeyedById(items: readonly Pick<InventoryItem, "myId">[]): Record<string, number> {
  return Object.fromEntries(items.map((i) => [String(i.myId), 1]));
}

/**
 * Whether the fee preview may be asked: items chosen and a trade link saved. Without a link the
 * server can only answer 400 trade_link_required, so the dialog asks for the link first.
 */
function canPreviewWithdraw(itemCount: number, tradeLink: string | null | undefined): boolean {
  return itemCount > 0 && !!tradeLink;
}

/**
 * The fee the server will charge (POST /api/withdraws/preview, same rules as send, moves nothing);
 * the local computation until it answers. `refusal` is the key of a rule the send would break
 * (deposit, last withdrawal, …), shown before the player tries.
 */
export function useWithdrawFee(items: readonly InventoryItem[], tradeLink: string | null | undefined) {
  const ids = items.map((i) => i.myId);
  const preview = useQuery({
    queryKey: ["withdrawPreview", ids],
    queryFn: () => api(withdrawsCalls.preview, { items: itemsKeyedById(items) }),
    enabled: canPreviewWithdraw(ids.length, tradeLink),
    retry: false,
    staleTime: 0,
  });
  const feeCents = preview.data ? toCents(preview.data.fee) : withdrawFeeCents(items.map((i) => i.price));
  const err = preview.error;
  const refusal = err instanceof ApiError && err.status >= 400 && err.status < 500 && err.key !== "app_error.load" ? err.key : null;
  return { feeCents, percent: preview.data?.fee_percent ?? FEES.skinWithdrawalFeePercent, refusal, checking: preview.isPending };
}

export function useWithdrawSend(onSent: () => void) {
  return useMoneyMutation({
    mutationKey: WITHDRAW_MUTATION_KEY,
    mutationFn: (items: readonly InventoryItem[]) => api(withdrawsCalls.send, { items: itemsKeyedById(items), request_id: crypto.randomUUID() }),
    clientKey: "inventory_error.send_take_withdraw",
    reload: [queryKeys.inventory, queryKeys.user, queryKeys.profile, ["withdrawPreview"]],
    onDone: onSent,
  });
}
