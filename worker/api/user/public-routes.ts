// /api/user/getUser (spec §6 "visitors view lists", §7): another player's public view, open to
// visitors too. Only public fields: name, avatar, statistics and game histories — never balance,
// trade link, roles, notifications or anything else of the users row.
import { userCalls } from "../../../shared/api/user";
import { computeStats } from "../../user/presenters";
import * as q from "../../user/queries";
import { contractRoutes, refuse, serve } from "../contract-routes";

export const publicUserRoutes = contractRoutes();

serve(publicUserRoutes, userCalls.getUser, async (c) => {
  const { user_id } = c.req.valid("json");
  const user = await q.findUser(c.env, user_id);
  // a catalogue key (translated on the page), not the admin routes' English text
  if (!user) return refuse(c, userCalls.getUser, "user_api.user_not_found");
  const [results, pages] = await Promise.all([q.gameResults(c.env, user.id), q.firstPages(c.env, user.id)]);
  return c.json({ user: { id: user.id, username: user.username, avatar: user.avatar, stats: computeStats(results), ...pages } }, 200);
});
