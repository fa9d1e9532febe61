// The money tab's calls (docs/payments.md "Payments"): the method list, the deposit promo check, creating a
// payment and the wallet receipt check. Failures are shown inline by the panel (failureKey:
// the server's §8 key, else the client key), so these hooks do not raise notices themselves.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type MoneyMethodId, paymentsCalls } from "../../../../shared/api/payments";
import { promoCalls } from "../../../../shared/api/promo";
import { api } from "../../lib/api";
import { PAYMENTS_KEY } from "../../lib/moneyDeposits";
import { queryKeys } from "../../lib/queryKeys";

const METHODS_KEY = ["depositMethods"];

export function useDepositMethods() {
  return useQuery({
    queryKey: METHODS_KEY,
    queryFn: () => api(paymentsCalls.methods, {}),
    retry: false,
    staleTime: 30_000,
  });
}

export function useCheckDepositPromo() {
  return useMutation({
    mutationFn: (promocode: string) => api(promoCalls.checkPromocode, { promocode }),
  });
}

export interface CreateDeposit {
  /** dollars as typed (at most two decimals) */
  sum: string;
  depositMethod: MoneyMethodId;
  promocode?: string;
  request_id: string;
}

export function useCreateDeposit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateDeposit) => api(paymentsCalls.sumCreate, { ...body }),
    onSettled: () => void client.invalidateQueries({ queryKey: PAYMENTS_KEY }),
  });
}

export function useCheckTransaction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (transactionId: string) => api(paymentsCalls.checkTransaction, { transactionId }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: PAYMENTS_KEY });
      void client.invalidateQueries({ queryKey: queryKeys.user });
    },
  });
}
