// /api/admin/cases/* (staff: moderators and admins; checked on every call, audited): list every
// case with its EV and weights, create and update cases. Items must exist in the catalogue,
// weights are positive integers and the RTP (EV / price at current catalogue prices) must lie
// within CASES.rtpBounds: otherwise 400 cases_api.invalid_items / cases_api.invalid_price.
import { Hono, type Context } from "hono";
import { emptyBody } from "../../../shared/api/common";
import { adminCreateCaseBody, adminListAnswer, adminSaveAnswer, adminUpdateCaseBody } from "../../../shared/api/cases";
import { requireStaff } from "../../auth/middleware";
import { createCase, updateCase, type CaseSave } from "../../cases/admin-save";
import { presentAdminCase } from "../../cases/presenters";
import { findCase, listCases } from "../../cases/queries";
import type { AppEnv, SignedInEnv } from "../../env";
import { fail, jsonBody } from "../../lib/http";
import { answer } from "../answer";

export const adminCasesRoutes = new Hono<AppEnv>()
  .use(requireStaff("cases_api.forbidden"))
  .post("/list", jsonBody(emptyBody), async (c) => {
    const cases = await listCases(c.env, { all: true });
    return answer(c, adminListAnswer, { cases: cases.map(presentAdminCase) });
  })
  .post("/create", jsonBody(adminCreateCaseBody), async (c) => answerSave(c, await createCase(c.env, c.get("user").id, c.req.valid("json"))))
  .post("/update", jsonBody(adminUpdateCaseBody), async (c) => answerSave(c, await updateCase(c.env, c.get("user").id, c.req.valid("json"))));

/** A refusal as its error answer; a saved case read back and presented as staff see it. */
async function answerSave(c: Context<SignedInEnv>, saved: CaseSave) {
  if (!saved.ok) return fail(c, saved.status, saved.key);
  const kase = await findCase(c.env, saved.caseId);
  return answer(c, adminSaveAnswer, { success: true, message: "cases_api.saved", case: presentAdminCase(kase!) });
}
