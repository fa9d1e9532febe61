// The cases group (spec §3 Case, §7 /api/cases/*, socket casesLiveDrop, docs/architecture.md "Where things are"
// "Provably fair" Cases): the public shapes, request bodies and answers of /api/cases/* and
// /api/admin/cases/*. Money is dollars (≤ 2 decimals); inside the server: cents.
import { z } from "zod";
import { CASES, CONSOLE } from "../constants";
import { catalogueDisplayFields, emptyBody, idSchema, idTextSchema } from "./common";
import { contract } from "./contract";
import { nextCursorJson, sortedListBody, sortedListInvalid, sortedListRefusals } from "./keyset";
import { siteImageJson } from "./images";
import { dollarsJson } from "../money";
import { betUserJson, itemJson } from "./crash";
import { inventoryItemSchema } from "./inventory";
import { PROTECTION_REFUSALS } from "./protection";

// ── live drops (the hub's casesLiveDrop frame carries one) ───────────────────
/** One live drop (§3 "live drops with user"): who opened which case and what fell out. */
export const liveDropJson = z.strictObject({
  /** the opening's id */
  id: z.number().int().positive(),
  user: betUserJson,
  /** pictures are the site's own paths (docs/security.md "Item and case pictures are served by the site") */
  item: itemJson.extend({ image: siteImageJson("item") }),
  case: z.strictObject({ id: z.number().int().positive(), name: z.string(), image: siteImageJson("case") }),
  /** epoch ms */
  time: z.number().int().nonnegative(),
});
export type LiveDropJson = z.infer<typeof liveDropJson>;
export const liveDropsJson = z.array(liveDropJson).max(CASES.liveDropsKept);

// ── building blocks ──────────────────────────────────────────────────────────
/** A 64-character lowercase hex string (a seed or its keccak-256 hash). */
export const hexHashJson = z.string().regex(/^[0-9a-f]{64}$/);

/**
 * A client seed: 1..CASES.clientSeedMaxLength printable characters (no control characters,
 * any script), surrounding whitespace trimmed.
 */
export const clientSeedSchema = z
  .string()
  .trim()
  .min(1)
  .max(CASES.clientSeedMaxLength)
  .refine((s) => !/[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\u2028\u2029]/u.test(s), "printable characters only");

/** A case as listed (§3 Case). rtp = expected value / price, percent with 2 decimals. */
export const caseJson = z.strictObject({
  id: z.number().int().positive(),
  name: z.string(),
  /** /img/case/<hash>.webp, or null for a picture that is not the catalogue's (the client draws one) */
  image: siteImageJson("case"),
  price: dollarsJson,
  priority: z.number().int(),
  rtp: z.number().nonnegative(),
});
export type CaseJson = z.infer<typeof caseJson>;

/**
 * One item a case can drop (the catalogue item: `id` is the catalogue id). `chance` is percent
 * with 4 decimals (for display); `weight` is the exact integer the roll uses. The items of a
 * case are listed in PICK ORDER (catalogue id ascending): casesPick(serverSeed, clientSeed,
 * nonce, items.map(i => i.weight)) returns the index of the won item in this list.
 */
export const caseItemJson = z.strictObject({
  id: z.number().int().positive(),
  ...catalogueDisplayFields,
  /** /img/item/<hash>.webp, or null (the client draws the card) */
  image: siteImageJson("item"),
  price: dollarsJson,
  chance: z.number().nonnegative().max(100),
  weight: z.number().int().positive(),
});
export type CaseItemJson = z.infer<typeof caseItemJson>;

export const caseWithItemsJson = caseJson.extend({ items: z.array(caseItemJson).max(CASES.maxItemsPerCase) });
export type CaseWithItemsJson = z.infer<typeof caseWithItemsJson>;

/** The player's current seed pair: the server seed is shown only as its keccak hash. */
const seedsJson = z.strictObject({
  server_seed_hash: hexHashJson,
  client_seed: z.string(),
  /** opens made with this seed pair so far = the nonce of the next open */
  nonce: z.number().int().nonnegative(),
});
export type SeedsJson = z.infer<typeof seedsJson>;

/** The inputs of one open's roll (nonce = the nonce used by that open). */
const rollJson = seedsJson;
export type RollJson = z.infer<typeof rollJson>;

// ── GET /api/cases/get ───────────────────────────────────────────────────────
/** cases: active ones, priority desc then id; liveDrop: the last opens, newest first. */
export const getCasesAnswer = z.object({ cases: z.array(caseJson), liveDrop: liveDropsJson });
export type GetCasesAnswer = z.infer<typeof getCasesAnswer>;

// ── GET /api/cases/getOne?id= ────────────────────────────────────────────────
/** A query string: the id is digits only (idTextSchema), never Number() of arbitrary text. */
export const getOneQuery = z.object({ id: idTextSchema });
export const getOneAnswer = z.object({ case: caseWithItemsJson });
export type GetOneAnswer = z.infer<typeof getOneAnswer>;

// ── POST /api/cases/open {id, request_id?} ───────────────────────────────────
/** request_id: an idempotency key; a replay returns the first answer and moves nothing. */
export const requestIdSchema = z.string().min(1).max(64);
export const openBody = z.object({ id: idSchema, request_id: requestIdSchema.optional() });
/**
 * The won item (now in the player's inventory) and the roll that picked it. Errors: 400
 * cases_api.insufficient_funds, 404 cases_api.case_not_found, 409 cases_api.case_disabled,
 * 409 cases_api.busy (another open, a seed change or an admin edit raced this one; nothing
 * moved), 401 user_api.unauthorized, 503 app_api.maintenance.
 */
export const openAnswer = z.object({
  success: z.literal(true),
  winItem: inventoryItemSchema.extend({ image: siteImageJson("item") }),
  roll: rollJson,
  /** the balance after paying, dollars */
  balance: dollarsJson,
});
export type OpenAnswer = z.infer<typeof openAnswer>;

// ── seeds: GET|POST /api/cases/seeds, POST /api/cases/seeds/client, POST /api/cases/seeds/rotate ──
export const seedsAnswer = seedsJson;
export type SeedsAnswer = SeedsJson;

/**
 * Sets the client seed (clientSeedSchema; otherwise 400 cases_api.invalid_client_seed). The nonce
 * carries on: it counts the opens made with the current server seed, so no roll repeats.
 */
export const clientSeedBody = z.object({ client_seed: z.unknown() });
export const clientSeedAnswer = seedsJson.extend({ success: z.literal(true), message: z.literal("cases_api.client_seed_saved") });

/**
 * Reveals the current server seed (with the client seed and the nonce it reached) and starts a
 * new server seed at nonce 0, keeping the client seed. 409 cases_api.busy if an open raced it.
 */
export const revealedSeedJson = z.strictObject({
  server_seed: hexHashJson,
  server_seed_hash: hexHashJson,
  client_seed: z.string(),
  /** opens made with that server seed (the nonces used were 0 .. nonce − 1; each open's answer has its client seed) */
  nonce: z.number().int().nonnegative(),
});
export type RevealedSeedJson = z.infer<typeof revealedSeedJson>;
export const rotateAnswer = seedsJson.extend({
  success: z.literal(true),
  message: z.literal("cases_api.seed_rotated"),
  previous: revealedSeedJson,
});

// ── admin: /api/admin/cases/{list,create,update,publish} ─────────────────────
/**
 * One item of a case: a catalogue id and a positive integer weight (chance = weight / Σ weights).
 * Numbers are only shape-checked here so that a zero weight or an unknown id answers
 * cases_api.invalid_items (the server's check), not a generic invalid request.
 */
export const adminCaseItemBody = z.strictObject({
  catalogue_id: z.number(),
  weight: z.number(),
});

const caseFields = {
  name: z.string().trim().min(1).max(100),
  image: z.string().trim().max(500),
  /**
   * Dollars. Omitted on create: priced from the items so that EV = CASES.defaultRtpPercent % of
   * the price. The RTP (EV / price) must lie within CASES.rtpBounds (cases_api.invalid_price).
   */
  price: dollarsJson,
  priority: z.number().int().min(-1_000_000).max(1_000_000),
  active: z.boolean(),
  /** 1..CASES.maxItemsPerCase distinct catalogue items (checked by the server: cases_api.invalid_items) */
  items: z.array(adminCaseItemBody).max(4 * CASES.maxItemsPerCase),
};

/**
 * Body shapes are checked here; whether items exist, are distinct and give an RTP within bounds
 * is checked by the server (400 cases_api.invalid_items / cases_api.invalid_price).
 */
export const adminCreateCaseBody = z.object({
  ...caseFields,
  price: caseFields.price.optional(),
  priority: caseFields.priority.default(0),
  active: caseFields.active.default(true),
  image: caseFields.image.default(""),
});
export type AdminCreateCaseBody = z.infer<typeof adminCreateCaseBody>;

/** Update: id plus any of the fields; items, when given, replace the case's items. */
export const adminUpdateCaseBody = z.object({
  id: idSchema,
  name: caseFields.name.optional(),
  image: caseFields.image.optional(),
  price: caseFields.price.optional(),
  priority: caseFields.priority.optional(),
  active: caseFields.active.optional(),
  items: caseFields.items.optional(),
});
export type AdminUpdateCaseBody = z.infer<typeof adminUpdateCaseBody>;

/**
 * A case as staff see it: inactive ones too, with EV (dollars) and the items' weights. Pictures are
 * the stored links (what the editor saved), not the site paths the players get.
 */
export const adminCaseJson = caseWithItemsJson.extend({
  image: z.string(),
  items: z.array(caseItemJson.extend({ image: z.string() })).max(CASES.maxItemsPerCase),
  active: z.boolean(),
  /** expected value of one open at current catalogue prices, dollars (rounded to the cent) */
  ev: z.number().nonnegative(),
  /** epoch ms */
  created_at: z.number().int().nonnegative(),
  updated_at: z.number().int().nonnegative(),
});
export type AdminCaseJson = z.infer<typeof adminCaseJson>;

/**
 * POST /api/admin/cases/list {sort?, cursor?, case_id?}: a page of cases (CONSOLE.pageSize), inactive
 * ones too, by name (A→Z), price (cheapest first) or RTP at current prices (highest first; a case
 * without items last), keyset; `case_id` reads that one case (the editor).
 */
export const CASE_SORTS = { name: "text", price: "int", rtp: "int" } as const;
export type CaseSort = keyof typeof CASE_SORTS;
export const adminListBody = sortedListBody({ case_id: idSchema.optional() }, CASE_SORTS, "name");
export const adminListAnswer = z.object({
  cases: z.array(adminCaseJson).max(CONSOLE.pageSize),
  /** the cursor of the next page; null on the last one */
  next_cursor: nextCursorJson,
});

/** POST /api/admin/cases/create and /update */
export const adminSaveAnswer = z.object({
  success: z.literal(true),
  message: z.literal("cases_api.saved"),
  case: adminCaseJson,
});

/**
 * POST /api/admin/cases/publish {case_id, published}: offers a case to players (published) or takes
 * it off. Publishing needs the case's RTP at current catalogue prices (rtpPercent, shared/case-odds.ts)
 * within CASES.rtpBounds (409 cases_api.rtp_out_of_band); taking a case off is always allowed.
 */
export const adminPublishBody = z.strictObject({ case_id: idSchema, published: z.boolean() });
export const adminPublishAnswer = z.object({
  success: z.literal(true),
  message: z.enum(["cases_api.published", "cases_api.unpublished"]),
  case: adminCaseJson,
});

/**
 * POST /api/admin/cases/catalogue {q?, cursor?}: catalogue entries a case may hold (priced above 0),
 * by id; `q` a part of the market name (case-insensitive), `cursor` the previous page's `next`.
 */
export const adminCatalogueBody = z.strictObject({
  q: z.string().trim().max(100).optional(),
  cursor: idSchema.optional(),
});
export const adminCatalogueItemJson = z.strictObject({
  id: z.number().int().positive(),
  ...catalogueDisplayFields,
  price: dollarsJson,
});
export type AdminCatalogueItemJson = z.infer<typeof adminCatalogueItemJson>;
export const adminCatalogueAnswer = z.object({
  items: z.array(adminCatalogueItemJson).max(CASES.adminCataloguePageSize),
  next: z.number().int().positive().nullable(),
});

// ── the calls (shared/api/contract.ts) ───────────────────────────────────────
export const casesCalls = {
  get: contract({
    method: "GET",
    path: "/api/cases/get",
    access: "public",
    answer: getCasesAnswer,
    refusals: {},
    summary: "The active cases with the last live drops",
  }),
  getOne: contract({
    method: "GET",
    path: "/api/cases/getOne",
    access: "public",
    query: getOneQuery,
    answer: getOneAnswer,
    refusals: { "cases_api.case_not_found": 404 },
    summary: "One active case with its items, their chances and weights in pick order",
  }),
  open: contract({
    method: "POST",
    path: "/api/cases/open",
    access: "user",
    body: openBody,
    answer: openAnswer,
    refusals: {
      "app_api.maintenance": 503,
      "cases_api.case_not_found": 404,
      "cases_api.case_disabled": 409,
      "cases_api.busy": 409,
      "cases_api.insufficient_funds": 400,
      ...PROTECTION_REFUSALS,
    },
    summary: "Opens a case paid from the balance: the won item and the provably fair roll",
  }),
  seeds: contract({
    method: "GET",
    path: "/api/cases/seeds",
    access: "user",
    answer: seedsAnswer,
    refusals: {},
    summary: "The caller's current seed pair (the server seed as its hash) and nonce",
  }),
  seedsPost: contract({
    method: "POST",
    path: "/api/cases/seeds",
    access: "user",
    body: emptyBody,
    answer: seedsAnswer,
    refusals: {},
    summary: "The caller's current seed pair, as POST (§7)",
  }),
  seedsClient: contract({
    method: "POST",
    path: "/api/cases/seeds/client",
    access: "user",
    body: clientSeedBody,
    answer: clientSeedAnswer,
    refusals: { "cases_api.invalid_client_seed": 400 },
    summary: "Sets the caller's client seed; the nonce carries on",
  }),
  seedsRotate: contract({
    method: "POST",
    path: "/api/cases/seeds/rotate",
    access: "user",
    body: emptyBody,
    answer: rotateAnswer,
    refusals: { "cases_api.busy": 409 },
    summary: "Reveals the current server seed and starts a new one at nonce 0",
  }),
  adminList: contract({
    method: "POST",
    path: "/api/admin/cases/list",
    access: "admin",
    body: adminListBody,
    answer: adminListAnswer,
    refusals: sortedListRefusals,
    invalid: sortedListInvalid,
    summary: "Admins: a page of cases, inactive ones too, with EV and weights; by name, price or RTP (keyset)",
  }),
  adminCreate: contract({
    method: "POST",
    path: "/api/admin/cases/create",
    access: "admin",
    body: adminCreateCaseBody,
    answer: adminSaveAnswer,
    refusals: { "cases_api.invalid_items": 400, "cases_api.invalid_price": 400 },
    summary: "Admins: creates a case (priced for the configured RTP when no price is given)",
  }),
  adminUpdate: contract({
    method: "POST",
    path: "/api/admin/cases/update",
    access: "admin",
    body: adminUpdateCaseBody,
    answer: adminSaveAnswer,
    refusals: {
      "cases_api.case_not_found": 404,
      "cases_api.invalid_items": 400,
      "cases_api.invalid_price": 400,
      "cases_api.busy": 409,
    },
    summary: "Admins: changes the given fields of a case; items, when given, replace its items",
  }),
  adminCatalogue: contract({
    method: "POST",
    path: "/api/admin/cases/catalogue",
    access: "admin",
    body: adminCatalogueBody,
    answer: adminCatalogueAnswer,
    refusals: {},
    summary: "Admins: a page of catalogue entries a case may hold, searched by name",
  }),
  adminPublish: contract({
    method: "POST",
    path: "/api/admin/cases/publish",
    access: "admin",
    body: adminPublishBody,
    answer: adminPublishAnswer,
    refusals: {
      "cases_api.case_not_found": 404,
      "cases_api.invalid_items": 400,
      "cases_api.rtp_out_of_band": 409,
      "cases_api.busy": 409,
    },
    summary: "Admins: publishes a case (its RTP at current prices must lie within the band) or takes it off",
  }),
};
