// /api/admin/giveaways/* (admins only, audited in the same batch; docs/games.md "Giveaways"): start a
// giveaway of a house item or a catalogue entry, with its conditions and length; cancel the running
// one (the item goes back to the house); the past ones page by page. The room starts it: the
// giveaway's id is the chain's link.
import { giveawayCalls } from "../../../shared/api/giveaways";
import { activeGiveaway, adminPastGiveaways } from "../../giveaways/queries";
import { giveawayRoom } from "../../rooms/giveaway/stub";
import { requestIp } from "../../lib/request-context";
import { contractRoutes, refuse, serve } from "../contract-routes";

export const adminGiveawayRoutes = contractRoutes();

serve(adminGiveawayRoutes, giveawayCalls.create, async (c) => {
  const body = c.req.valid("json");
  const source = body.item_id !== undefined ? { itemId: body.item_id } : { catalogueId: body.catalogue_id as number };
  const started = await giveawayRoom(c.env).start(
    {
      source,
      durationMs: body.duration_ms,
      needTelegram: body.telegram,
      needUsername: body.username,
      minDepositCents: body.min_deposit,
      minGames: body.min_games,
      repeat: body.repeat,
    },
    c.get("user").id,
    requestIp(),
  );
  if (!started.ok) return refuse(c, giveawayCalls.create, started.key);
  const giveaway = await activeGiveaway(c.env);
  if (!giveaway) return refuse(c, giveawayCalls.create, "giveaway_api.item_unavailable");
  return c.json({ success: true as const, message: "giveaway_api.created" as const, giveaway }, 200);
});

serve(adminGiveawayRoutes, giveawayCalls.cancel, async (c) => {
  const done = await giveawayRoom(c.env).cancel(c.req.valid("json").id, c.get("user").id, requestIp());
  if (!done.ok) return refuse(c, giveawayCalls.cancel, done.key);
  return c.json({ success: true as const, message: "giveaway_api.canceled" as const }, 200);
});

serve(adminGiveawayRoutes, giveawayCalls.adminPast, async (c) => c.json(await adminPastGiveaways(c.env, c.req.valid("json").cursor), 200));
