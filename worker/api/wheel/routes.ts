// /api/wheel/* (spec §7): the room's state, a bet, the history, one round. Bets go to
// the WheelRoom by RPC (it owns the round); the history and rounds are read from D1.
import { Hono } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { emptyBody } from "../../../shared/api/common";
import { setBetAnswer, setBetBody, wheelGetAnswer, wheelHistoryAnswer, wheelRoundAnswer, wheelRoundBody } from "../../../shared/api/wheel";
import type { AppEnv } from "../../env";
import { fail, jsonBody } from "../../lib/http";
import { wheelRoom } from "../../rooms/wheel/stub";
import * as q from "../../wheel/queries";
import { answer } from "../answer";

/** The status of each refusal: sign-in 401, ban 403, maintenance 503, the round or the items 409, the bet itself 400. */
const STATUS: Record<string, ContentfulStatusCode> = {
  "wheel_api.unauthorized": 401,
  "user_api.banned": 403,
  "wheel_api.banned": 403,
  "wheel_api.maintenance": 503,
  "wheel_api.already_started": 409,
  "wheel_api.item_not_found": 409,
  "wheel_api.only_two_colours": 409,
  "wheel_api.limit_exceeded": 409,
};

export const wheelRoutes = new Hono<AppEnv>()
  .post("/get", jsonBody(emptyBody), async (c) => answer(c, wheelGetAnswer, await wheelRoom(c.env).view(c.get("user")?.id ?? null)))
  .post("/setBet", jsonBody(setBetBody), async (c) => {
    const me = c.get("user");
    const session = c.get("tokenHash");
    if (!me || !session) return fail(c, 401, "wheel_api.unauthorized");
    const body = c.req.valid("json");
    const result = await wheelRoom(c.env).setBet({
      user: { id: me.id, username: me.username, avatar: me.avatar },
      session,
      colour: body.colour,
      itemIds: body.items ?? [],
    });
    if (!result.ok) return fail(c, STATUS[result.key] ?? 400, result.key);
    return answer(c, setBetAnswer, { success: true, message: "wheel_api.bet_success", bet: result.bet });
  })
  .post("/history", jsonBody(emptyBody), async (c) => answer(c, wheelHistoryAnswer, { history: await q.finishedRounds(c.env) }))
  .post("/round", jsonBody(wheelRoundBody), async (c) => {
    const game = await q.round(c.env, c.req.valid("json").id);
    if (!game) return fail(c, 404, "wheel_api.round_not_found");
    return answer(c, wheelRoundAnswer, { game });
  });
