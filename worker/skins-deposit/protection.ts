// The game platform's trade-protection window (SKINS_DEPOSIT.protectionMs, Steam's 7 days): an
// item credited by a skins deposit cannot leave the site before its deposit's tradable_after —
// the platform would not let the bot trade it on, and within the window the depositor may still
// reverse the trade. Skin withdrawals check it (withdraws/send.ts → inventory_api.trade_protected).

/** SQL condition: inventory row `alias` is not inside a deposit's protection window at `now` (ms). */
export function notProtectedSql(alias: string, now: number): string {
  if (!/^[a-z_][a-z0-9_]*$/i.test(alias) || !Number.isSafeInteger(now)) throw new TypeError("bad protection check");
  return `NOT EXISTS (SELECT 1 FROM skin_deposit_items px JOIN skin_deposits pd ON pd.id = px.deposit_id WHERE px.item_id = ${alias}.id AND pd.tradable_after > ${now})`;
}
