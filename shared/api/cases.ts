// The cases group (spec §3 Case, §7 /api/cases/*, socket casesLiveDrop). The cases helper owns
// this file and adds the request/answer schemas; the live drop shape is fixed here because the
// hub's casesLiveDrop frame (shared/rooms/chat.ts) carries it.
import { z } from "zod";
import { CASES } from "../constants";
import { betUserJson, itemJson } from "./crash";

/** One live drop (§3 "live drops with user"): who opened which case and what fell out. */
export const liveDropJson = z.strictObject({
  /** the opening's id */
  id: z.number().int().positive(),
  user: betUserJson,
  item: itemJson,
  case: z.strictObject({ id: z.number().int().positive(), name: z.string(), image: z.string() }),
  /** epoch ms */
  time: z.number().int().nonnegative(),
});
export type LiveDropJson = z.infer<typeof liveDropJson>;
export const liveDropsJson = z.array(liveDropJson).max(CASES.liveDropsKept);
