// /api/giveaways/* (spec §7; docs/games.md "Giveaways"): the running giveaway and the history, the
// caller's conditions and participation, the join (§4: signed in, not yet in, every active
// condition done — checked here, on the server), and a giveaway's record for the fairness check.
import { CLIENT_CONDITION, giveawayCalls } from "../../../shared/api/giveaways";
import { joinGiveaway } from "../../giveaways/batches";
import { giveawayConditionsOf, missingGiveawayCondition, NO_CONDITIONS, telegramLinkOf } from "../../giveaways/conditions";
import { activeJson, giveawayHistory, giveawayRecord, isParticipant, openGiveawayRow } from "../../giveaways/queries";
import { giveawayRoom } from "../../rooms/giveaway/stub";
import { contractRoutes, refuse, serve } from "../contract-routes";
import { isExcluded } from "../../protection/queries";

export const giveawayRoutes = contractRoutes();

/** A running giveaway past its end means the room's alarm did not fire (yet): nudge it. */
const LATE_MS = 5_000;

serve(giveawayRoutes, giveawayCalls.getActive, async (c) => {
  const now = Date.now();
  const [row, history] = await Promise.all([openGiveawayRow(c.env), giveawayHistory(c.env)]);
  if (row && row.ends_at + LATE_MS < now) c.executionCtx.waitUntil(giveawayRoom(c.env).tick());
  return c.json({ giveaway: row ? await activeJson(c.env, row) : null, history, server_time: now }, 200);
});

serve(giveawayRoutes, giveawayCalls.conditions, async (c) => {
  const me = c.get("user");
  const row = await openGiveawayRow(c.env);
  if (!row) return c.json({ giveaway_id: null, conditions: NO_CONDITIONS, telegram: (await telegramLinkOf(c.env, me.id)).json }, 200);
  const { conditions, telegram } = await giveawayConditionsOf(c.env, row, me);
  return c.json({ giveaway_id: row.id, conditions, telegram }, 200);
});

serve(giveawayRoutes, giveawayCalls.myActive, async (c) => {
  const row = await openGiveawayRow(c.env);
  const joined = row ? await isParticipant(c.env, row.id, c.get("user").id) : false;
  return c.json({ giveaway_id: row?.id ?? null, is_participant: joined }, 200);
});

serve(giveawayRoutes, giveawayCalls.setMyActive, async (c) => {
  const me = c.get("user");
  const row = await openGiveawayRow(c.env);
  const id = c.req.valid("json").id ?? row?.id;
  const now = Date.now();
  if (!row || row.id !== id || row.ends_at <= now) return refuse(c, giveawayCalls.setMyActive, "giveaway_api.not_found");
  if (await isParticipant(c.env, id, me.id)) return refuse(c, giveawayCalls.setMyActive, "giveaway_api.already_member");
  // a player on a break joins no giveaway (docs/protection.md "Breaks"): answered here before the other
  // conditions; the join batch judges it again, so a break starting meanwhile still stops it
  if (await isExcluded(c.env, me.id, now)) return refuse(c, giveawayCalls.setMyActive, "user_api.excluded");
  const missing = missingGiveawayCondition((await giveawayConditionsOf(c.env, row, me)).conditions);
  if (missing) return refuse(c, giveawayCalls.setMyActive, "giveaway_api.conditions_not_met", { condition: CLIENT_CONDITION[missing] });
  const joined = await joinGiveaway(c.env, id, me.id, now);
  if (!joined.ok) return refuse(c, giveawayCalls.setMyActive, joined.key);
  c.executionCtx.waitUntil(
    giveawayRoom(c.env)
      .joined()
      .catch((err: unknown) => console.error("giveaway joined push failed", String(err))),
  );
  return c.json({ status: "success" as const, message: "giveaway_api.joined" as const, members: joined.members }, 200);
});

serve(giveawayRoutes, giveawayCalls.record, async (c) => {
  const record = await giveawayRecord(c.env, c.req.valid("json").id);
  if (!record) return refuse(c, giveawayCalls.record, "giveaway_api.not_found");
  return c.json({ giveaway: record }, 200);
});
