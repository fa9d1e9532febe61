// The announcements of the committed hash chains' rotations (docs/fairness.md "Rotating a chain",
// docs/operations.md "Rotating a hash chain"): an admin publishes the next chain's terminal hash,
// its length and the first round it serves BEFORE the deploy that switches to it, so a player can
// check the chain was committed before its first round. Only the public half lives here; the seed
// stays a wrangler secret. Rows are never deleted: an announcement not yet live may be withdrawn.
// An announcement is "open" while it is its chain's latest one not withdrawn and the deployed
// terminal is not yet its own (worker/admin-dashboard/chains.ts); at most one is open per chain —
// the announce batch's guard holds that (the deployed terminal is not in D1, so no index can).
// Part of the D1 schema (index.ts); times are epoch milliseconds.
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { now } from "./now";
import { users } from "./users";

export const chainAnnouncements = sqliteTable(
  "chain_announcements",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** crash | jackpot_low | jackpot_medium | jackpot_high | wheel | bonus | giveaway (shared/api/admin-ops.ts CHAIN_NAMES) */
    chain: text("chain").notNull(),
    /** the new chain's terminating hash x_0: 64 lowercase hex */
    terminal: text("terminal").notNull(),
    /** N: the rounds it serves (rounds 1..N; it is used from from_round on) */
    length: integer("length").notNull(),
    /** the first round index the new chain serves (more than the rounds used when announced) */
    fromRound: integer("from_round").notNull(),
    /** the terminal deployed when it was announced (the chain it replaces; null: none configured) */
    previousTerminal: text("previous_terminal"),
    noteRu: text("note_ru"),
    noteEn: text("note_en"),
    announcedBy: integer("announced_by")
      .notNull()
      .references(() => users.id),
    announcedAt: integer("announced_at").notNull().default(now),
    withdrawnAt: integer("withdrawn_at"),
  },
  (t) => [
    check("chain_announcements_chain", sql`${t.chain} IN ('crash', 'jackpot_low', 'jackpot_medium', 'jackpot_high', 'wheel', 'bonus', 'giveaway')`),
    check("chain_announcements_rounds", sql`${t.fromRound} >= 1 AND ${t.length} >= ${t.fromRound}`),
    index("chain_announcements_chain").on(t.chain, t.id),
  ],
);
