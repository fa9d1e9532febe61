// /api/admin/cases/* (admins only; checked on every call, audited): a page of cases with EV and
// weights (sorted, keyset), create, update, publish and take off cases. Items must exist in the catalogue,
// weights are positive integers and the RTP (EV / price at current catalogue prices) must lie
// within CASES.rtpBounds: otherwise 400 cases_api.invalid_items / cases_api.invalid_price.
import { casesCalls } from "../../../shared/api/cases";
import { createCase, publishCase, updateCase } from "../../cases/admin-save";
import { presentAdminCase, presentCatalogueEntry } from "../../cases/presenters";
import { caseListPage, findCase, searchCatalogue } from "../../cases/queries";
import { contractRoutes, refuse, serve } from "../contract-routes";

export const adminCasesRoutes = contractRoutes();

serve(adminCasesRoutes, casesCalls.adminList, async (c) => {
  const page = await caseListPage(c.env, c.req.valid("json"));
  return c.json({ cases: page.rows.map(presentAdminCase), next_cursor: page.next }, 200);
});

serve(adminCasesRoutes, casesCalls.adminCreate, async (c) => {
  const saved = await createCase(c.env, c.get("user").id, c.req.valid("json"));
  if (!saved.ok) return refuse(c, casesCalls.adminCreate, saved.key);
  return c.json(await savedAnswer(c.env, saved.caseId), 200);
});

serve(adminCasesRoutes, casesCalls.adminUpdate, async (c) => {
  const saved = await updateCase(c.env, c.get("user").id, c.req.valid("json"));
  if (!saved.ok) return refuse(c, casesCalls.adminUpdate, saved.key);
  return c.json(await savedAnswer(c.env, saved.caseId), 200);
});

serve(adminCasesRoutes, casesCalls.adminCatalogue, async (c) => {
  const { q, cursor } = c.req.valid("json");
  const page = await searchCatalogue(c.env, q, cursor);
  return c.json({ items: page.rows.map(presentCatalogueEntry), next: page.next }, 200);
});

serve(adminCasesRoutes, casesCalls.adminPublish, async (c) => {
  const { case_id, published } = c.req.valid("json");
  const done = await publishCase(c.env, c.get("user").id, case_id, published);
  if (!done.ok) return refuse(c, casesCalls.adminPublish, done.key);
  const kase = await findCase(c.env, done.caseId);
  const message = published ? ("cases_api.published" as const) : ("cases_api.unpublished" as const);
  return c.json({ success: true as const, message, case: presentAdminCase(kase!) }, 200);
});

/** A saved case read back and presented as staff see it. */
async function savedAnswer(env: Env, caseId: number) {
  const kase = await findCase(env, caseId);
  return { success: true as const, message: "cases_api.saved" as const, case: presentAdminCase(kase!) };
}
