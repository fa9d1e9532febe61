// The committed hash chains (docs/fairness.md "Provably fair", docs/operations.md "Rotating a hash
// chain"):
// - POST /api/admin/fairness/chains (admin): each chain as configured (wrangler.toml vars through
//   env: the published terminal and the length; the seed is a secret — only whether it is set), how
//   far the rounds tables have walked it, its open announcement and whether the deploy matches the
//   announcements (`deploy`);
// - POST /api/admin/fairness/announce, /withdraw (admin, audited in the same batch): the public
//   half of a rotation — the next chain's terminal hash, length and first round, published before
//   the deploy that switches to it; an announcement not yet live may be withdrawn (never deleted);
// - /api/getConfig publishes the open announcements (openAnnouncements) on /provably-fair.
// A rotation itself stays a new secret and new vars, deployed: the seeds never live in D1.
//
// An announcement is OPEN while it is its chain's latest one not withdrawn and the deployed
// terminal is not yet its own; once the deploy carries its terminal it is live, and the next
// announcement supersedes it. At most one is open per chain: the announce batch's guard (the
// deployed terminal is an env var, so no index can say it), checked where D1 runs batches one at
// a time.
import type { z } from "zod";
import type { ChainAnnounceRequest, ChainDeployState, chainAnnouncementJson, chainStatusJson, fairnessChainsAnswer } from "../../shared/api/admin-ops";
import type { publicChainAnnouncementJson } from "../../shared/api/config";
import { isHash } from "../../shared/fairness";
import { failedGuard, expectChanges, guard } from "../db/guards";
import { all, batch, first, rowsOf, type SQL, sql } from "../db/sql";
import { auditStatement } from "../lib/audit";
import { jackpotTerminals } from "../jackpot/terminals";

type ChainsEnv = Pick<
  Env,
  | "DB"
  | "CRASH_CHAIN_LENGTH"
  | "CRASH_CHAIN_TERMINAL"
  | "JACKPOT_CHAIN_LENGTH"
  | "JACKPOT_CHAIN_TERMINALS"
  | "WHEEL_CHAIN_LENGTH"
  | "WHEEL_CHAIN_TERMINAL"
  | "BONUS_CHAIN_LENGTH"
  | "BONUS_CHAIN_TERMINAL"
  | "GIVEAWAY_CHAIN_LENGTH"
  | "GIVEAWAY_CHAIN_TERMINAL"
> & {
  CRASH_CHAIN_SEED?: string;
  JACKPOT_CHAIN_SEED?: string;
  WHEEL_CHAIN_SEED?: string;
  BONUS_CHAIN_SEED?: string;
  GIVEAWAY_CHAIN_SEED?: string;
};

type ChainJson = z.input<typeof chainStatusJson>;
type ChainName = ChainJson["chain"];
type AnnouncementJson = z.input<typeof chainAnnouncementJson>;

interface AnnouncementRow {
  id: number;
  chain: ChainName;
  terminal: string;
  length: number;
  from_round: number;
  previous_terminal: string | null;
  note_ru: string | null;
  note_en: string | null;
  announced_by: number;
  announced_at: number;
  withdrawn_at: number | null;
}

interface ChainSource {
  chain: ChainJson["chain"];
  terminal: string | undefined;
  length: string | undefined;
  seed: string | undefined;
  vars: { seed: string; length: string; terminal: string };
  /** the highest round index drawn (constant SQL) */
  used: SQL;
}

const lengthOf = (text: string | undefined): number | null => {
  const t = (text ?? "").trim();
  return /^[1-9][0-9]*$/.test(t) && Number.isSafeInteger(Number(t)) ? Number(t) : null;
};

const hashOrNull = (text: string | undefined): string | null => {
  const t = (text ?? "").trim().toLowerCase();
  return isHash(t) ? t : null;
};

function sources(env: ChainsEnv): ChainSource[] {
  const jackpot = jackpotTerminals(env);
  const jackpotVars = { seed: "JACKPOT_CHAIN_SEED", length: "JACKPOT_CHAIN_LENGTH", terminal: "JACKPOT_CHAIN_TERMINALS" };
  const level = (l: "low" | "medium" | "high"): ChainSource => ({
    chain: `jackpot_${l}`,
    terminal: jackpot[l],
    length: env.JACKPOT_CHAIN_LENGTH,
    seed: env.JACKPOT_CHAIN_SEED,
    vars: jackpotVars,
    used: sql`SELECT COALESCE(MAX(chain_index), 0) AS used FROM jackpot_rounds WHERE level = ${l}`,
  });
  const vars = (p: string) => ({ seed: `${p}_CHAIN_SEED`, length: `${p}_CHAIN_LENGTH`, terminal: `${p}_CHAIN_TERMINAL` });
  return [
    {
      chain: "crash",
      terminal: env.CRASH_CHAIN_TERMINAL,
      length: env.CRASH_CHAIN_LENGTH,
      seed: env.CRASH_CHAIN_SEED,
      vars: vars("CRASH"),
      used: sql`SELECT COALESCE(MAX(id), 0) AS used FROM crash_rounds`,
    },
    level("low"),
    level("medium"),
    level("high"),
    {
      chain: "wheel",
      terminal: env.WHEEL_CHAIN_TERMINAL,
      length: env.WHEEL_CHAIN_LENGTH,
      seed: env.WHEEL_CHAIN_SEED,
      vars: vars("WHEEL"),
      used: sql`SELECT COALESCE(MAX(id), 0) AS used FROM wheel_rounds`,
    },
    {
      chain: "bonus",
      terminal: env.BONUS_CHAIN_TERMINAL,
      length: env.BONUS_CHAIN_LENGTH,
      seed: env.BONUS_CHAIN_SEED,
      vars: vars("BONUS"),
      used: sql`SELECT COALESCE(MAX(id), 0) AS used FROM bonus_rounds`,
    },
    {
      chain: "giveaway",
      terminal: env.GIVEAWAY_CHAIN_TERMINAL,
      length: env.GIVEAWAY_CHAIN_LENGTH,
      seed: env.GIVEAWAY_CHAIN_SEED,
      vars: vars("GIVEAWAY"),
      used: sql`SELECT COALESCE(MAX(id), 0) AS used FROM giveaways`,
    },
  ];
}

const usedOf = async (env: ChainsEnv, s: ChainSource): Promise<number> => Number((await first<{ used: number }>(env.DB, s.used))?.used ?? 0);

const announcementJson = (r: AnnouncementRow): AnnouncementJson => ({
  id: r.id,
  chain: r.chain,
  terminal: r.terminal,
  length: r.length,
  from_round: r.from_round,
  note_ru: r.note_ru,
  note_en: r.note_en,
  announced_by: r.announced_by,
  announced_at: r.announced_at,
  withdrawn_at: r.withdrawn_at,
});

/** A chain's announcements, oldest first (a handful per chain over the site's life). */
async function announcementRows(env: ChainsEnv, chain?: ChainName): Promise<AnnouncementRow[]> {
  const where = chain === undefined ? sql`` : sql`WHERE chain = ${chain}`;
  return all<AnnouncementRow>(env.DB, sql`SELECT * FROM chain_announcements ${where} ORDER BY id`);
}

/** The latest announcement not withdrawn; it is open unless the deploy already carries it. */
const latestActive = (rows: AnnouncementRow[]) => rows.filter((r) => r.withdrawn_at === null).at(-1);

function openOf(rows: AnnouncementRow[], running: string | null): AnnouncementRow | undefined {
  const latest = latestActive(rows);
  return latest && latest.terminal !== running ? latest : undefined;
}

/** Whether the deployed terminal matches the chain's announcements (CHAIN_DEPLOY_STATES). */
function deployState(rows: AnnouncementRow[], running: string | null): ChainDeployState {
  if (rows.length === 0) return "none";
  const latest = latestActive(rows);
  if (latest) {
    if (latest.terminal === running) return "live";
    // the announced chain is not deployed yet: the one it replaces still runs
    return latest.previous_terminal === running ? "pending" : "unannounced";
  }
  // every announcement withdrawn: the chain that ran before the first one may run on
  return rows[0]?.previous_terminal === running ? "none" : "unannounced";
}

export async function chainsStatus(env: ChainsEnv): Promise<z.input<typeof fairnessChainsAnswer>> {
  const chains: ChainJson[] = [];
  const rows = await announcementRows(env);
  for (const s of sources(env)) {
    const used = await usedOf(env, s);
    const length = lengthOf(s.length);
    const running = hashOrNull(s.terminal);
    const mine = rows.filter((r) => r.chain === s.chain);
    const open = openOf(mine, running);
    chains.push({
      chain: s.chain,
      terminal: running,
      length,
      used,
      left: length === null ? null : Math.max(0, length - used),
      seed_var: s.vars.seed,
      seed_set: hashOrNull(s.seed) !== null,
      length_var: s.vars.length,
      terminal_var: s.vars.terminal,
      announcement: open ? announcementJson(open) : null,
      deploy: deployState(mine, running),
    });
  }
  return { chains };
}

/** The open announcements (/api/getConfig, /provably-fair): the next chains, committed ahead. */
export async function openAnnouncements(env: ChainsEnv): Promise<z.input<typeof publicChainAnnouncementJson>[]> {
  const rows = await announcementRows(env);
  const out: z.input<typeof publicChainAnnouncementJson>[] = [];
  for (const s of sources(env)) {
    const open = openOf(
      rows.filter((r) => r.chain === s.chain),
      hashOrNull(s.terminal),
    );
    if (open) {
      const { chain, terminal, length, from_round, note_ru, note_en, announced_at } = open;
      out.push({ chain, terminal, length, from_round, note_ru, note_en, announced_at });
    }
  }
  return out;
}

// ---- announce and withdraw ----

type AnnounceKey = "fairness_api.announcement_open" | "fairness_api.from_round_used" | "fairness_api.length_short" | "fairness_api.terminal_running";
type WithdrawKey = "fairness_api.announcement_not_found" | "fairness_api.announcement_closed";

export type AnnouncementOutcome<K> = { ok: true; announcement: AnnouncementJson } | { ok: false; key: K };

const sourceOf = (env: ChainsEnv, chain: ChainName): ChainSource => {
  const s = sources(env).find((x) => x.chain === chain);
  if (!s) throw new Error(`unknown chain ${chain}`);
  return s;
};

/** The condition "announcement `idSql` is its chain's open one" (`running`: the deployed terminal). */
function isOpen(chain: ChainName, running: string | null, idSql: SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM chain_announcements a WHERE a.id = ${idSql} AND a.withdrawn_at IS NULL AND a.terminal <> ${running ?? ""}
    AND a.id = (SELECT MAX(b.id) FROM chain_announcements b WHERE b.chain = ${chain} AND b.withdrawn_at IS NULL))`;
}

const OPEN_EXISTS = "fairness.announcement_open";
const ROUND_USED = "fairness.from_round_used";
const NOT_OPEN = "fairness.announcement_closed";

const noteOf = (text: string | null | undefined): string | null => (text ? text : null);

/** Publishes the chain's next terminal, length and first round, with its audit row, in one batch. */
export async function announceChain(
  env: ChainsEnv,
  a: ChainAnnounceRequest & { adminId: number },
  now = Date.now(),
): Promise<AnnouncementOutcome<AnnounceKey>> {
  const s = sourceOf(env, a.chain);
  const running = hashOrNull(s.terminal);
  if (a.length < a.from_round) return { ok: false, key: "fairness_api.length_short" };
  if (a.terminal === running) return { ok: false, key: "fairness_api.terminal_running" };
  const used = await usedOf(env, s);
  if (a.from_round <= used) return { ok: false, key: "fairness_api.from_round_used" };
  const row = {
    chain: a.chain,
    terminal: a.terminal,
    length: a.length,
    from_round: a.from_round,
    previous_terminal: running,
    note_ru: noteOf(a.note_ru),
    note_en: noteOf(a.note_en),
  };
  const latest = sql`(SELECT MAX(id) FROM chain_announcements WHERE chain = ${a.chain} AND withdrawn_at IS NULL)`;
  try {
    const results = await batch(env.DB, [
      guard(OPEN_EXISTS, isOpen(a.chain, running, latest)),
      // the rounds drawn since the read above count too
      guard(ROUND_USED, sql`(${s.used}) >= ${a.from_round}`),
      sql`INSERT INTO chain_announcements (chain, terminal, length, from_round, previous_terminal, note_ru, note_en, announced_by, announced_at)
        VALUES (${row.chain}, ${row.terminal}, ${row.length}, ${row.from_round}, ${row.previous_terminal}, ${row.note_ru}, ${row.note_en}, ${a.adminId}, ${now})
        RETURNING *`,
      auditStatement(
        {
          actorId: a.adminId,
          action: "fairness.announce",
          details: { chain: a.chain, used },
          before: { chain: a.chain, running_terminal: running, open_announcement: null },
          after: { ...row, withdrawn_at: null },
        },
        now,
      ),
    ]);
    const [inserted] = rowsOf<AnnouncementRow>(results[2]);
    if (!inserted) throw new Error("announcement insert returned no row");
    return { ok: true, announcement: announcementJson(inserted) };
  } catch (err) {
    const code = failedGuard(err);
    if (code === OPEN_EXISTS) return { ok: false, key: "fairness_api.announcement_open" };
    if (code === ROUND_USED) return { ok: false, key: "fairness_api.from_round_used" };
    throw err;
  }
}

/** Withdraws an open announcement (marks it; never deletes it), with its audit row, in one batch. */
export async function withdrawAnnouncement(env: ChainsEnv, w: { id: number; adminId: number }, now = Date.now()): Promise<AnnouncementOutcome<WithdrawKey>> {
  const row = await first<AnnouncementRow>(env.DB, sql`SELECT * FROM chain_announcements WHERE id = ${w.id}`);
  if (!row) return { ok: false, key: "fairness_api.announcement_not_found" };
  const running = hashOrNull(sourceOf(env, row.chain).terminal);
  if (openOf(await announcementRows(env, row.chain), running)?.id !== row.id) return { ok: false, key: "fairness_api.announcement_closed" };
  try {
    await batch(env.DB, [
      guard(NOT_OPEN, sql`NOT ${isOpen(row.chain, running, sql`${row.id}`)}`),
      sql`UPDATE chain_announcements SET withdrawn_at = ${now} WHERE id = ${row.id} AND withdrawn_at IS NULL`,
      expectChanges(1, NOT_OPEN),
      auditStatement(
        {
          actorId: w.adminId,
          action: "fairness.withdraw",
          details: { id: row.id, chain: row.chain },
          before: announcementJson(row),
          after: announcementJson({ ...row, withdrawn_at: now }),
        },
        now,
      ),
    ]);
  } catch (err) {
    if (failedGuard(err) === NOT_OPEN) return { ok: false, key: "fairness_api.announcement_closed" };
    throw err;
  }
  return { ok: true, announcement: announcementJson({ ...row, withdrawn_at: now }) };
}
