// /api/telegram/* (docs/games.md "Giveaways"): a player links the Telegram account of a signed Login
// Widget payload (checked as Telegram documents it, worker/telegram/widget.ts) or removes the link.
// One Telegram account belongs to one player at a time.
import { giveawayCalls } from "../../../shared/api/giveaways";
import { failedGuard, guard } from "../../db/guards";
import { batch, sql } from "../../db/sql";
import { telegramConfig } from "../../telegram/config";
import { checkWidgetPayload } from "../../telegram/widget";
import { contractRoutes, refuse, serve } from "../contract-routes";

export const telegramRoutes = contractRoutes();

serve(telegramRoutes, giveawayCalls.telegramLink, async (c) => {
  const config = telegramConfig(c.env);
  if (!config) return refuse(c, giveawayCalls.telegramLink, "telegram_api.not_configured");
  const checked = await checkWidgetPayload(c.req.valid("json"), config.token);
  if (!checked.ok) return refuse(c, giveawayCalls.telegramLink, checked.key);
  const me = c.get("user");
  try {
    await batch(c.env.DB, [
      guard("telegram.taken", sql`EXISTS (SELECT 1 FROM telegram_links WHERE telegram_id = ${checked.telegramId} AND user_id <> ${me.id})`),
      sql`INSERT INTO telegram_links (user_id, telegram_id, name, linked_at) VALUES (${me.id}, ${checked.telegramId}, ${checked.name}, ${Date.now()})
          ON CONFLICT (user_id) DO UPDATE SET telegram_id = excluded.telegram_id, name = excluded.name, linked_at = excluded.linked_at`,
    ]);
  } catch (err) {
    if (failedGuard(err) === "telegram.taken") return refuse(c, giveawayCalls.telegramLink, "telegram_api.taken");
    throw err;
  }
  return c.json({ success: true as const, message: "telegram_api.linked" as const, linked: checked.name }, 200);
});

serve(telegramRoutes, giveawayCalls.telegramUnlink, async (c) => {
  await batch(c.env.DB, [sql`DELETE FROM telegram_links WHERE user_id = ${c.get("user").id}`]);
  return c.json({ success: true as const, message: "telegram_api.unlinked" as const }, 200);
});
