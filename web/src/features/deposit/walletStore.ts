// The open wallet payment (§2 "a wallet-provider deposit modal", §4: the peer-to-peer method opens
// a second step). Kept outside the dialog so closing it while paying in the wallet app and opening
// it again brings the same details back; cleared once the receipt is credited or the player goes
// back to the form.
import { create } from "zustand";
import type { MoneyMethodId, SumCreateAnswer } from "../../../../shared/api/payments";

export interface OpenWalletPayment {
  method: MoneyMethodId;
  orderId: string;
  bonusPercent: number;
  wallet: NonNullable<SumCreateAnswer["wallet"]>;
}

interface WalletState {
  open: OpenWalletPayment | null;
  show(payment: OpenWalletPayment): void;
  clear(): void;
}

export const useWalletPayment = create<WalletState>()((set) => ({
  open: null,
  show: (payment) => set({ open: payment }),
  clear: () => set({ open: null }),
}));
