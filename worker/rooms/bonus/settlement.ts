// The bonus pool in D1 (docs/games.md "Bonus pool", "Money rules"). The room writes its round rows (the
// timer), closes a round at its end (open → drawn, the next round opened in the same batch so a
// share always has an open round to land in) and pays the draw in ONE batch keyed by the round's
// status (drawn → finished) and the ledger keys, so an alarm run twice or a restart at the end
// time pays once.
import { notificationContent } from "../../../shared/api/notifications";
import { expectChanges, failedGuard } from "../../db/guards";
import { classifyBatchError, houseBalanceStatements, userBalanceStatements } from "../../db/ledger";
import { all, batch, first, rowsOf, run, type SQL, sql } from "../../db/sql";
import { notificationOf, notificationStatement } from "../../lib/notify";
import { notExcluded } from "../../protection/guards";
import type { Told } from "../base/outbox";
import type { DrawSettlement, RoundNumbers, RoundRow } from "./effects";
import type { BonusUser, RoundSeed } from "./state";

type D1Env = Pick<Env, "DB">;

/** What the bonus account holds beyond the banks of the rounds not finished (shares booked while no round was open). */
const UNASSIGNED_SQL = sql`(SELECT COALESCE(SUM(balance), 0) FROM house_accounts WHERE name = 'bonus')
  - (SELECT COALESCE(SUM(bank), 0) FROM bonus_rounds WHERE status IN ('open', 'drawn'))`;

/**
 * The round's row: a new round takes what the bonus account holds unassigned (the shares booked
 * before the pool's first round); later writes only move its timer, and only while it is open.
 */
export async function writeRound(env: D1Env, r: RoundRow): Promise<void> {
  await run(
    env.DB,
    sql`INSERT INTO bonus_rounds (id, public_hash, day_of_month, status, bank, created_at, ends_at)
         SELECT ${r.id}, ${r.publicHash}, ${r.dayOfMonth}, 'open', MAX(0, ${UNASSIGNED_SQL}), ${r.createdAt}, ${r.endsAt} WHERE true
         ON CONFLICT(id) DO UPDATE SET ends_at = excluded.ends_at WHERE bonus_rounds.status = 'open'`,
  );
}

/** The round D1 holds open (a room whose storage was lost resumes it), or the next id to open. */
export async function roundToOpen(
  env: D1Env,
): Promise<{ open: (RoundNumbers & { endsAt: number | null; createdAt: number }) | null; nextId: number; unassigned: number }> {
  const open = await first<RoundNumbers & { endsAt: number | null; createdAt: number }>(
    env.DB,
    sql`SELECT id AS roundId, bank, participants, ends_at AS endsAt, created_at AS createdAt FROM bonus_rounds WHERE status = 'open'`,
  );
  const row = await first<{ last: number | null; unassigned: number }>(
    env.DB,
    sql`SELECT (SELECT MAX(id) FROM bonus_rounds) AS last, ${UNASSIGNED_SQL} AS unassigned`,
  );
  return { open, nextId: (row?.last ?? 0) + 1, unassigned: Math.max(0, row?.unassigned ?? 0) };
}

/** D1's bank and participants of a round (null: no such row yet). */
export async function roundNumbers(env: D1Env, roundId: number): Promise<RoundNumbers | null> {
  return first<RoundNumbers>(env.DB, sql`SELECT id AS roundId, bank, participants FROM bonus_rounds WHERE id = ${roundId}`);
}

export type JoinResult = { joined: true; numbers: RoundNumbers } | { joined: false; reason: "closed" | "excluded" };

/**
 * Puts the player in the round (once: the primary key; his place in the join order is the next
 * seq) while it is open, and counts the round's participants, in one batch.
 */
export async function joinRound(env: D1Env, roundId: number, userId: number, now: number): Promise<JoinResult> {
  let results: D1Result[];
  try {
    results = await batch(env.DB, [
      // a player on a break joins no round (docs/protection.md "Breaks"): judged in the batch, so a
      // join racing the break's start cannot land after it
      notExcluded(userId, now),
      sql`INSERT OR IGNORE INTO bonus_participants (round_id, user_id, seq, joined_at)
         SELECT ${roundId}, ${userId}, COALESCE((SELECT MAX(seq) FROM bonus_participants WHERE round_id = ${roundId}), 0) + 1, ${now}
          WHERE EXISTS (SELECT 1 FROM bonus_rounds WHERE id = ${roundId} AND status = 'open')`,
      sql`UPDATE bonus_rounds SET participants = (SELECT COUNT(*) FROM bonus_participants WHERE round_id = ${roundId}) WHERE id = ${roundId} AND status = 'open'`,
      sql`SELECT r.id AS roundId, r.bank, r.participants, EXISTS (SELECT 1 FROM bonus_participants p WHERE p.round_id = r.id AND p.user_id = ${userId}) AS joined
          FROM bonus_rounds r WHERE r.id = ${roundId}`,
    ]);
  } catch (err) {
    if (failedGuard(err) === "protection.excluded") return { joined: false, reason: "excluded" };
    throw err;
  }
  const row = rowsOf<RoundNumbers & { joined: number }>(results[3])[0];
  if (!row?.joined) return { joined: false, reason: "closed" };
  return { joined: true, numbers: { roundId: row.roundId, bank: row.bank, participants: row.participants } };
}

/** Whether the player is in the round. */
export async function hasJoined(env: D1Env, roundId: number, userId: number): Promise<boolean> {
  return (await first<{ one: number }>(env.DB, sql`SELECT 1 AS one FROM bonus_participants WHERE round_id = ${roundId} AND user_id = ${userId}`)) !== null;
}

/**
 * The round's end in D1: open → drawn (no join or share lands in it after this), the next round
 * opened in the same batch (it takes the shares from now on); then the drawn round's bank, its
 * participants in join order and the next round's bank. A replay (already drawn) only reads.
 * Throws when the round has no row yet (the alarm retries once the outbox wrote it).
 */
export async function closeRound(
  env: D1Env,
  roundId: number,
  next: RoundSeed,
  now: number,
): Promise<{ bank: number; participants: BonusUser[]; nextBank: number }> {
  await batch(env.DB, [
    sql`UPDATE bonus_rounds SET status = 'drawn', drawn_at = ${now} WHERE id = ${roundId} AND status = 'open'`,
    sql`INSERT OR IGNORE INTO bonus_rounds (id, public_hash, day_of_month, status, bank, created_at)
         SELECT ${next.id}, ${next.publicHash}, ${next.dayOfMonth}, 'open', MAX(0, ${UNASSIGNED_SQL}), ${now}
          WHERE NOT EXISTS (SELECT 1 FROM bonus_rounds WHERE status = 'open')
            AND EXISTS (SELECT 1 FROM bonus_rounds WHERE id = ${roundId} AND status <> 'open')`,
  ]);
  const round = await first<{ bank: number; status: string }>(env.DB, sql`SELECT bank, status FROM bonus_rounds WHERE id = ${roundId}`);
  if (!round || round.status === "open") throw new Error(`bonus round ${roundId} is not in D1 yet`);
  const participants = await all<BonusUser>(
    env.DB,
    sql`SELECT u.id, u.username, u.avatar FROM bonus_participants p JOIN users u ON u.id = p.user_id WHERE p.round_id = ${roundId} ORDER BY p.seq`,
  );
  const nextRow = await first<{ bank: number }>(env.DB, sql`SELECT bank FROM bonus_rounds WHERE id = ${next.id}`);
  return { bank: round.bank, participants, nextBank: nextRow?.bank ?? 0 };
}

const payoutKey = (roundId: number, place: number) => `bonus:${roundId}:win:${place}`;

/**
 * The draw's payout in ONE batch: the round turns finished (secret, winners, paid, carried) only
 * from drawn and only at the bank it was drawn with; each winner's place from the bonus account
 * to his balance (kind bonus_payout, keys bonus:<round>:win:<place> and :bonus) with his bell; the
 * rest added to the next round's bank. A replay (the round already finished) moves nothing.
 */
export async function settleDraw(env: D1Env, s: DrawSettlement, now: number): Promise<Told> {
  const reference = `bonus:${s.roundId}`;
  const paid = s.winners.reduce((sum, w) => sum + w.amount, 0);
  if (paid + s.carried !== s.bank || s.carried < 0) throw new RangeError(`bonus round ${s.roundId}: ${paid} + ${s.carried} ≠ ${s.bank}`);
  const winnersJson = JSON.stringify(s.winners.map((w) => ({ user_id: w.userId, place: w.place, amount: w.amount })));
  const statements: SQL[] = [
    sql`UPDATE bonus_rounds SET status = 'finished', secret = ${s.secret}, paid = ${paid}, carried = ${s.carried}, winners = ${winnersJson},
           participants = ${s.participants}, finished_at = ${now}
         WHERE id = ${s.roundId} AND status = 'drawn' AND bank = ${s.bank}`,
    expectChanges(1, "bonus.round"),
  ];
  const bells: number[] = [];
  for (const w of s.winners) {
    if (w.amount <= 0) continue;
    const key = payoutKey(s.roundId, w.place);
    statements.push(
      ...userBalanceStatements({ userId: w.userId, delta: w.amount, kind: "bonus_payout", reference, idempotencyKey: key }, now),
      ...houseBalanceStatements({ account: "bonus", delta: -w.amount, kind: "bonus_payout", reference, idempotencyKey: `${key}:bonus` }, now),
    );
    bells.push(statements.length);
    statements.push(notificationStatement({ userId: w.userId, name: "bonus_win", content: notificationContent.bonusWin(w.amount, w.place), createdAt: now }));
  }
  if (s.carried > 0) statements.push(sql`UPDATE bonus_rounds SET bank = bank + ${s.carried} WHERE id = ${s.nextRoundId}`, expectChanges(1, "bonus.next"));
  let results: D1Result[];
  try {
    results = await batch(env.DB, statements);
  } catch (err) {
    const row = await first<{ status: string }>(env.DB, sql`SELECT status FROM bonus_rounds WHERE id = ${s.roundId}`);
    if (classifyBatchError(err) !== undefined && row?.status === "finished") return {}; // a replay: paid already
    throw err;
  }
  const paidWinners = s.winners.filter((w) => w.amount > 0);
  return {
    balances: paidWinners.map((w) => w.userId),
    bells: paidWinners.flatMap((w, i) => {
      const bell = notificationOf(results[bells[i] ?? -1]);
      return bell ? [[w.userId, bell] as const] : [];
    }),
    // no bonusBank: the room paying is the bonus room itself, which read the next round's bank with
    // the draw; telling it would be an RPC to itself, which waits for its own start to end (a
    // payout replayed at the start stalled the room until the runtime reset it)
  };
}
