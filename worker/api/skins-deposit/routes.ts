// /api/payment/skins/* — the skins deposit (contract in shared/api/skins-deposit.ts):
//   POST /inventory {}                 → {items}: the player's CS2 inventory through the trade bot
//   POST /create    {items, request_id?} → {status, message: "deposit_api.offer_sent", deposit}
//   POST /history   {}                 → {deposits}: newest first (the SPA polls it while one is open)
//   POST /status    {}                 → the public status line: bots online, Steam answering, queue
// The offer is then followed by the trade-bot queue (WithdrawQueue DO → skins-deposit/queue.ts);
// /create kicks it, and /history kicks it while an offer is open (so a lost kick heals itself).
// Signed in (banned players are refused by readSession), no deposits during maintenance, and
// with TRADE_BOT_URL empty skins deposits are switched off (409 deposit_api.skins_disabled).
import { skinsDepositCalls } from "../../../shared/api/skins-deposit";
import { readMaintenance } from "../../lib/settings";
import { createSkinDeposit, tradeLinkOf } from "../../skins-deposit/create";
import { openDepositOf, skinDepositHistory } from "../../skins-deposit/history";
import { listingJson, matchListing } from "../../skins-deposit/listing";
import { BotRejectedError, BotUnavailableError, tradeBotFromEnv } from "../../withdraws/bot";
import { tradeBotStatus } from "../../withdraws/status";
import { withdrawQueue } from "../../withdraws/WithdrawQueue";
import { contractRoutes, refuse, serve } from "../contract-routes";

const kick = (env: Env, id: string) =>
  withdrawQueue(env)
    .kick()
    .catch((err: unknown) => console.error("trade bot queue kick failed", { id, err: String(err) }));

export const skinsDepositRoutes = contractRoutes();

serve(skinsDepositRoutes, skinsDepositCalls.inventory, async (c) => {
  const bot = tradeBotFromEnv(c.env);
  if (!bot) return refuse(c, skinsDepositCalls.inventory, "deposit_api.skins_disabled");
  const link = await tradeLinkOf(c.env, c.get("user").id);
  if (!link) return refuse(c, skinsDepositCalls.inventory, "deposit_api.trade_link_required");
  try {
    const listed = await matchListing(c.env, await bot.listInventory(link));
    return c.json({ items: listingJson(listed) }, 200);
  } catch (err) {
    if (err instanceof BotUnavailableError) return refuse(c, skinsDepositCalls.inventory, "deposit_api.bot_unavailable");
    if (err instanceof BotRejectedError) return c.json({ items: [] }, 200);
    throw err;
  }
});

serve(skinsDepositRoutes, skinsDepositCalls.create, async (c) => {
  const bot = tradeBotFromEnv(c.env);
  if (!bot) return refuse(c, skinsDepositCalls.create, "deposit_api.skins_disabled");
  if (await readMaintenance(c.env)) return refuse(c, skinsDepositCalls.create, "app_api.maintenance");
  const me = c.get("user");
  const body = c.req.valid("json");
  const outcome = await createSkinDeposit(c.env, bot, { userId: me.id, assetIds: body.items, requestId: body.request_id ?? crypto.randomUUID() });
  if (!outcome.ok) {
    const extra = outcome.key === "deposit_api.deposit_limit" ? { period: outcome.period, resets_at: outcome.resetsAt } : {};
    return refuse(c, skinsDepositCalls.create, outcome.key, extra);
  }
  await kick(c.env, outcome.id);
  const [deposit] = await skinDepositHistory(c.env, me.id, outcome.id);
  return c.json({ status: "success" as const, message: "deposit_api.offer_sent" as const, deposit: deposit! }, 200);
});

serve(skinsDepositRoutes, skinsDepositCalls.status, async (c) => c.json(await tradeBotStatus(c.env), 200));

serve(skinsDepositRoutes, skinsDepositCalls.history, async (c) => {
  const me = c.get("user");
  const open = await openDepositOf(c.env, me.id);
  if (open && tradeBotFromEnv(c.env)) await kick(c.env, open);
  return c.json({ deposits: await skinDepositHistory(c.env, me.id) }, 200);
});
