// /api/user/history/* (docs/api.md "History pages"): the profile's lists one keyset page at a
// time. The game lists are public by user_id (the §3 public view shows them: nothing private is
// in a bet row); the money lists are the caller's own.
import { historyCalls } from "../../../shared/api/history";
import { casesHistory } from "../../history/cases";
import { depositPage, referralPage, skinDepositPage, withdrawPage } from "../../history/money";
import { crashHistory } from "../../user/crash-history";
import { jackpotHistory } from "../../user/jackpot-history";
import { findUser } from "../../user/queries";
import { wheelHistory } from "../../wheel/history";
import { contractRoutes, refuse, serve } from "../contract-routes";

export const historyRoutes = contractRoutes();

// A list of a player who does not exist is user_not_found (an empty page would hide a typo).
const exists = (env: Pick<Env, "DB">, userId: number) => findUser(env, userId).then(Boolean);

serve(historyRoutes, historyCalls.crash, async (c) => {
  const { user_id, before } = c.req.valid("json");
  if (!(await exists(c.env, user_id))) return refuse(c, historyCalls.crash, "user_api.user_not_found");
  return c.json(await crashHistory(c.env, user_id, { before }), 200);
});

serve(historyRoutes, historyCalls.jackpot, async (c) => {
  const { user_id, before } = c.req.valid("json");
  if (!(await exists(c.env, user_id))) return refuse(c, historyCalls.jackpot, "user_api.user_not_found");
  return c.json(await jackpotHistory(c.env, user_id, { before }), 200);
});

serve(historyRoutes, historyCalls.wheel, async (c) => {
  const { user_id, before } = c.req.valid("json");
  if (!(await exists(c.env, user_id))) return refuse(c, historyCalls.wheel, "user_api.user_not_found");
  return c.json(await wheelHistory(c.env, user_id, { before }), 200);
});

serve(historyRoutes, historyCalls.cases, async (c) => {
  const { user_id, before } = c.req.valid("json");
  if (!(await exists(c.env, user_id))) return refuse(c, historyCalls.cases, "user_api.user_not_found");
  return c.json(await casesHistory(c.env, user_id, { before }), 200);
});

serve(historyRoutes, historyCalls.deposits, async (c) => c.json(await depositPage(c.env, c.get("user").id, c.req.valid("json")), 200));
serve(historyRoutes, historyCalls.skinDeposits, async (c) => c.json(await skinDepositPage(c.env, c.get("user").id, c.req.valid("json")), 200));
serve(historyRoutes, historyCalls.withdraws, async (c) => c.json(await withdrawPage(c.env, c.get("user").id, c.req.valid("json")), 200));
serve(historyRoutes, historyCalls.referrals, async (c) => c.json(await referralPage(c.env, c.get("user").id, c.req.valid("json")), 200));
