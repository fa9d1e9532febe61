import { configCalls } from "../../../shared/api/config";
import { isDev } from "../../env";
import { readMaintenance, readMaintenanceMessage } from "../../lib/settings";
import { toDollars } from "../../../shared/money";
import { chatMinDepositCents } from "../../chat/config";
import { activeReasons } from "../../chat/mutes";
import { openAnnouncements } from "../../admin-dashboard/chains";
import { jackpotTerminals } from "../../jackpot/terminals";
// the same parser the store applies, so the published tax is the one charged
import { sellTaxPercent } from "../../store/pricing";
import { contractRoutes, serve } from "../contract-routes";

export const configRoutes = contractRoutes();

serve(configRoutes, configCalls.getConfig, async (c) => {
  const reasons = await activeReasons(c.env);
  return c.json(
    {
      chat_ban_reasons: reasons.map((r) => ({ id: r.id, name: r.name, is_active: r.isActive })),
      maintenance: await readMaintenance(c.env),
      maintenance_message: await readMaintenanceMessage(c.env),
      dev: isDev(c.env),
      // Published fairness commitments (docs/fairness.md "Provably fair"): the crash chain's terminating hash x_0
      // and the salt, so players can verify rounds on /provably-fair and with the script.
      crash_terminal_hash: c.env.CRASH_CHAIN_TERMINAL,
      crash_salt: c.env.CRASH_SALT,
      wheel_terminal_hash: c.env.WHEEL_CHAIN_TERMINAL,
      wheel_salt: c.env.WHEEL_SALT,
      bonus_terminal_hash: c.env.BONUS_CHAIN_TERMINAL,
      bonus_salt: c.env.BONUS_SALT,
      giveaway_terminal_hash: c.env.GIVEAWAY_CHAIN_TERMINAL,
      giveaway_salt: c.env.GIVEAWAY_SALT,
      jackpot_terminal_hashes: jackpotTerminals(c.env),
      jackpot_salt: c.env.JACKPOT_SALT,
      // the next chains, announced before their deploy (docs/fairness.md "Rotating a chain"); read
      // on every call (the answer is not cached on the server; the SPA keeps it a few minutes)
      chain_announcements: await openAnnouncements(c.env),
      // the total deposit (dollars) needed to chat, and the tax on selling items to the site (%)
      chat_min_deposit: toDollars(chatMinDepositCents(c.env)),
      sell_tax_percent: sellTaxPercent(c.env),
    },
    200,
  );
});
