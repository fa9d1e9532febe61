export interface FakeProviders {
  baseUrl: string;
  close(): Promise<void>;
}
/** Settings of the sandbox payment provider (payments.mjs): the site's callback URLs and so on. */
export interface PaymentsFakeConfig {
  sci?: { merchantId?: string; secret1?: string; secret2?: string; notifyUrl?: string; notifyMethod?: "GET" | "POST"; successUrl?: string; failUrl?: string };
  stripe?: { secretKey?: string; webhookSecret?: string; webhookUrl?: string };
  wallet?: { account?: string; token?: string };
}
/** botSecret: the fake trade bot refuses calls not signed with it (shared/trade-bot-signature.ts); none: unsigned calls pass. */
export function startFakeProviders(opts?: { port?: number; host?: string; payments?: PaymentsFakeConfig; botSecret?: string }): Promise<FakeProviders>;
