// The top list (spec §1, §2 /top; docs/games.md "Top list"): the players with the largest net winnings or
// the most wagered, today, this week (from Monday 00:00 UTC) or all time. Money is dollars in JSON.
import { z } from "zod";
import { TOP } from "../constants";
import { signedDollarsJson } from "../money";
import { contract } from "./contract";
import { betUserJson } from "./crash";

export const TOP_PERIODS = ["today", "week", "all"] as const;
export const TOP_METRICS = ["net", "wagered"] as const;
export type TopPeriod = (typeof TOP_PERIODS)[number];
export type TopMetric = (typeof TOP_METRICS)[number];

export const topQuery = z.strictObject({ period: z.enum(TOP_PERIODS).default("today"), metric: z.enum(TOP_METRICS).default("net") });

export const topRowJson = z.strictObject({
  place: z.number().int().positive(),
  user: betUserJson,
  /** net: won − wagered (may be negative); wagered: Σ staked — dollars */
  value: signedDollarsJson,
});

export const topAnswer = z.strictObject({
  period: z.enum(TOP_PERIODS),
  metric: z.enum(TOP_METRICS),
  /** when the period began (epoch ms; 0 for all time) */
  since: z.number().int().nonnegative(),
  rows: z.array(topRowJson).max(TOP.size),
  /** the caller's own place and figure (null: a visitor, or no settled bet in the period) */
  me: topRowJson.nullable(),
});

export const topCalls = {
  list: contract({
    method: "GET",
    path: "/api/top",
    access: "public",
    query: topQuery,
    answer: topAnswer,
    refusals: {},
    summary: "The top players by net winnings or by amount wagered, today, this week or all time, and the caller's own place",
  }),
};
