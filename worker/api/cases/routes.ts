// /api/cases/* (spec §7, s3-contracts "Cases"): the listing with live drops, one case with its
// odds, opening (paid from the balance, provably fair) and the player's seeds.
import { casesCalls, type SeedsAnswer } from "../../../shared/api/cases";
import { normalizeClientSeed } from "../../cases/seeds";
import { readMaintenance } from "../../lib/settings";
import { announceOpen } from "../../cases/announce";
import { pushNotification } from "../../lib/notify";
import { openCase } from "../../cases/open";
import { presentCase, presentCaseWithItems, presentLiveDrop, presentOpen } from "../../cases/presenters";
import { findCase, liveDrops, listCases } from "../../cases/queries";
import { ensureSeeds, rotateSeeds, setClientSeed, type SeedRow } from "../../cases/seed-store";
import { contractRoutes, refuse, serve } from "../contract-routes";

const seedsJson = (s: SeedRow): SeedsAnswer => ({ server_seed_hash: s.server_seed_hash, client_seed: s.client_seed, nonce: s.nonce });

export const casesRoutes = contractRoutes();

serve(casesRoutes, casesCalls.get, async (c) => {
  const [cases, drops] = await Promise.all([listCases(c.env), liveDrops(c.env)]);
  return c.json({ cases: cases.map(presentCase), liveDrop: drops.map(presentLiveDrop) }, 200);
});

serve(casesRoutes, casesCalls.getOne, async (c) => {
  const kase = await findCase(c.env, c.req.valid("query").id);
  if (!kase?.active) return refuse(c, casesCalls.getOne, "cases_api.case_not_found");
  return c.json({ case: presentCaseWithItems(kase) }, 200);
});

serve(casesRoutes, casesCalls.open, async (c) => {
  // like every bet, opening stops while the site is in maintenance (§4)
  if (await readMaintenance(c.env)) return refuse(c, casesCalls.open, "app_api.maintenance");
  const me = c.get("user");
  const body = c.req.valid("json");
  const result = await openCase(c.env, { userId: me.id, caseId: body.id, requestId: body.request_id ?? crypto.randomUUID() });
  if (!result.ok) return refuse(c, casesCalls.open, result.message);
  if (!result.replay) {
    await announceOpen(c.env, me.id, result.open.id);
    await pushNotification(c.env, me.id, result.notification ?? null);
  }
  return c.json(presentOpen(result.open), 200);
});

serve(casesRoutes, casesCalls.seeds, async (c) => c.json(seedsJson(await ensureSeeds(c.env, c.get("user").id)), 200));

serve(casesRoutes, casesCalls.seedsPost, async (c) => c.json(seedsJson(await ensureSeeds(c.env, c.get("user").id)), 200));

serve(casesRoutes, casesCalls.seedsClient, async (c) => {
  const clientSeed = normalizeClientSeed(c.req.valid("json").client_seed);
  if (clientSeed === null) return refuse(c, casesCalls.seedsClient, "cases_api.invalid_client_seed");
  const seeds = await setClientSeed(c.env, c.get("user").id, clientSeed);
  return c.json({ success: true as const, message: "cases_api.client_seed_saved" as const, ...seedsJson(seeds) }, 200);
});

serve(casesRoutes, casesCalls.seedsRotate, async (c) => {
  const rotated = await rotateSeeds(c.env, c.get("user").id);
  if (!rotated.ok) return refuse(c, casesCalls.seedsRotate, "cases_api.busy");
  return c.json(
    {
      success: true as const,
      message: "cases_api.seed_rotated" as const,
      previous: { server_seed: rotated.previous.server_seed, ...seedsJson(rotated.previous) },
      ...seedsJson(rotated.current),
    },
    200,
  );
});
