// /api/jackpot-bonus/* (spec §7; docs/games.md "Bonus pool"): the conditions with the caller's progress,
// the join (user_sendTakeBonus) and one drawn round. The conditions are read here (D1, the chat
// room's counter); the round and its participants are the BonusRoom's (by RPC).
import { bonusCalls } from "../../../shared/api/bonus";
import { conditionsOf, missingCondition } from "../../bonus/conditions";
import { bonusRound } from "../../bonus/queries";
import { bonusRoom } from "../../rooms/bonus/stub";
import { contractRoutes, refuse, serve } from "../contract-routes";
import { isExcluded } from "../../protection/queries";

export const bonusRoutes = contractRoutes();

serve(bonusRoutes, bonusCalls.conditions, async (c) => {
  const me = c.get("user");
  const [conditions, view] = await Promise.all([conditionsOf(c.env, me), bonusRoom(c.env).view(me.id)]);
  return c.json({ conditions, participating: view.joined, round: view.round }, 200);
});

// a missing condition is 403 with its own key (the first missing, in the order the panel lists
// them); a round closing under the join 409 (the next round opens at once: join again)
serve(bonusRoutes, bonusCalls.join, async (c) => {
  const me = c.get("user");
  // a player on a break joins no bonus round (docs/protection.md "Breaks"): answered here before the other
  // conditions; the join batch judges it again, so a break starting meanwhile still stops it
  if (await isExcluded(c.env, me.id)) return refuse(c, bonusCalls.join, "user_api.excluded");
  const missing = missingCondition(await conditionsOf(c.env, me));
  if (missing) return refuse(c, bonusCalls.join, missing);
  const joined = await bonusRoom(c.env).join(me.id);
  if (!joined.ok) return refuse(c, bonusCalls.join, joined.key);
  return c.json({ success: true as const, message: "bonus_api.joined" as const, round_id: joined.roundId, participants: joined.participants }, 200);
});

serve(bonusRoutes, bonusCalls.round, async (c) => {
  const round = await bonusRound(c.env, c.req.valid("json").id);
  if (!round) return refuse(c, bonusCalls.round, "bonus_api.round_not_found");
  return c.json({ round }, 200);
});
