// /api/admin/audit/list (admins) and /api/admin/chat/log (moderators and admins): the console's
// logs (worker/admin-users/logs.ts).
import { consoleLogCalls } from "../../../shared/api/admin-audit";
import { auditActions, auditPage, chatLogPage } from "../../admin-users/logs";
import { contractRoutes, serve } from "../contract-routes";

export const adminLogRoutes = contractRoutes();

serve(adminLogRoutes, consoleLogCalls.auditList, async (c) => {
  const [page, actions] = await Promise.all([auditPage(c.env, c.req.valid("json")), auditActions(c.env)]);
  return c.json({ ...page, actions }, 200);
});

serve(adminLogRoutes, consoleLogCalls.chatLog, async (c) => {
  return c.json(await chatLogPage(c.env, c.req.valid("json")), 200);
});
