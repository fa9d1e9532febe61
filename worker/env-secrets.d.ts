// Secrets are not in wrangler.toml, so `wrangler types` cannot see them: declared here.
// Set in production with `wrangler secret put NAME`; dev/test values come from scripts/.
declare global {
  namespace Cloudflare {
    interface Env {
      /** x_N of the crash hash chain (64 hex); dev: scripts/dev-crash-chain.json */
      CRASH_CHAIN_SEED: string;
      /** the jackpot chains' seed (64 hex; level L's x_N = keccak(seed:L)); dev: scripts/dev-jackpot-chain.json */
      JACKPOT_CHAIN_SEED: string;
      /** Deposits (worker/payments; docs/payments.md "Payments"): optional, a method without its secrets is unavailable */
      FREEKASSA_SECRET_1?: string;
      FREEKASSA_SECRET_2?: string;
      STRIPE_SECRET_KEY?: string;
      STRIPE_WEBHOOK_SECRET?: string;
      WALLET_A_TOKEN?: string;
      /** Money withdrawals (worker/money-withdraw; docs/payments.md "Money withdrawals"): FreeKassa API v1 key; unset = no payouts */
      FREEKASSA_API_KEY?: string;
      /** The staff TOTP secrets' AES-GCM key, 32 bytes base64 (worker/staff/otp.ts); unset = no enrolment. Dev: scripts/dev-staff-otp-key.json */
      STAFF_OTP_KEY?: string;
      /** The trade bot service's shared secret: every call to TRADE_BOT_URL is signed with it (docs/trade-bot.md "Trust"); dev: scripts/lib/site.mjs */
      TRADE_BOT_SECRET?: string;
      /** The Telegram bot (docs/games.md "Giveaways"): unset = no subscription condition, no linking */
      TELEGRAM_BOT_TOKEN?: string;
    }
  }
}
export {};
