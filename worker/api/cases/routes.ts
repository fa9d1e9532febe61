// /api/cases/* (spec §7, s3-contracts "Cases"): the listing with live drops, one case with its
// odds, opening (paid from the balance, provably fair) and the player's seeds.
import { Hono } from "hono";
import { emptyBody } from "../../../shared/api/common";
import {
  clientSeedAnswer,
  clientSeedBody,
  getCasesAnswer,
  getOneAnswer,
  getOneQuery,
  openAnswer,
  openBody,
  rotateAnswer,
  seedsAnswer,
  type SeedsAnswer,
} from "../../../shared/api/cases";
import { requireUser } from "../../auth/middleware";
import type { AppEnv } from "../../env";
import { normalizeClientSeed } from "../../cases/seeds";
import { fail, jsonBody, queryParams } from "../../lib/http";
import { readMaintenance } from "../../lib/settings";
import { announceOpen } from "../../cases/announce";
import { pushNotification } from "../../lib/notify";
import { openCase } from "../../cases/open";
import { presentCase, presentCaseWithItems, presentLiveDrop, presentOpen } from "../../cases/presenters";
import { findCase, liveDrops, listCases } from "../../cases/queries";
import { ensureSeeds, rotateSeeds, setClientSeed, type SeedRow } from "../../cases/seed-store";
import { answer } from "../answer";

const seedsJson = (s: SeedRow): SeedsAnswer => ({ server_seed_hash: s.server_seed_hash, client_seed: s.client_seed, nonce: s.nonce });

export const casesRoutes = new Hono<AppEnv>()
  .get("/get", async (c) => {
    const [cases, drops] = await Promise.all([listCases(c.env), liveDrops(c.env)]);
    return answer(c, getCasesAnswer, { cases: cases.map(presentCase), liveDrop: drops.map(presentLiveDrop) });
  })
  .get("/getOne", queryParams(getOneQuery), async (c) => {
    const kase = await findCase(c.env, c.req.valid("query").id);
    if (!kase?.active) return fail(c, 404, "cases_api.case_not_found");
    return answer(c, getOneAnswer, { case: presentCaseWithItems(kase) });
  })
  .post("/open", requireUser, jsonBody(openBody), async (c) => {
    // like every bet, opening stops while the site is in maintenance (§4)
    if (await readMaintenance(c.env)) return fail(c, 503, "app_api.maintenance");
    const me = c.get("user");
    const body = c.req.valid("json");
    const result = await openCase(c.env, { userId: me.id, caseId: body.id, requestId: body.request_id ?? crypto.randomUUID() });
    if (!result.ok) return fail(c, result.status, result.message);
    if (!result.replay) {
      await announceOpen(c.env, me.id, result.open.id);
      await pushNotification(c.env, me.id, result.notification ?? null);
    }
    return answer(c, openAnswer, presentOpen(result.open));
  })
  .get("/seeds", requireUser, async (c) => answer(c, seedsAnswer, seedsJson(await ensureSeeds(c.env, c.get("user").id))))
  .post("/seeds", requireUser, jsonBody(emptyBody), async (c) => answer(c, seedsAnswer, seedsJson(await ensureSeeds(c.env, c.get("user").id))))
  .post("/seeds/client", requireUser, jsonBody(clientSeedBody), async (c) => {
    const clientSeed = normalizeClientSeed(c.req.valid("json").client_seed);
    if (clientSeed === null) return fail(c, 400, "cases_api.invalid_client_seed");
    const seeds = await setClientSeed(c.env, c.get("user").id, clientSeed);
    return answer(c, clientSeedAnswer, { success: true, message: "cases_api.client_seed_saved", ...seedsJson(seeds) });
  })
  .post("/seeds/rotate", requireUser, jsonBody(emptyBody), async (c) => {
    const rotated = await rotateSeeds(c.env, c.get("user").id);
    if (!rotated.ok) return fail(c, 409, "cases_api.busy");
    return answer(c, rotateAnswer, {
      success: true,
      message: "cases_api.seed_rotated",
      previous: { server_seed: rotated.previous.server_seed, ...seedsJson(rotated.previous) },
      ...seedsJson(rotated.current),
    });
  });
