// Reads of the bonus pool for the API (docs/games.md "Bonus pool"): a drawn round with what its
// verification needs. The open round is not shown (its secret is not revealed yet).
import type { BonusRoundJson, BonusWinnerJson } from "../../shared/api/bonus";
import { z } from "zod";
import { toDollars } from "../../shared/money";
import { all, first, sql } from "../db/sql";

/** The winners column as settlement.ts writes it (cents), read back through a schema, not a cast. */
const storedWinners = z.array(z.strictObject({ user_id: z.number().int(), place: z.number().int(), amount: z.number().int() }));

interface RoundSqlRow {
  id: number;
  status: string;
  public_hash: string;
  secret: string | null;
  day_of_month: number;
  bank: number;
  paid: number;
  carried: number;
  ends_at: number | null;
  winners: string | null;
}

export async function bonusRound(env: Pick<Env, "DB" | "BONUS_SALT">, id: number): Promise<BonusRoundJson | null> {
  const r = await first<RoundSqlRow>(
    env.DB,
    sql`SELECT id, status, public_hash, secret, day_of_month, bank, paid, carried, ends_at, winners FROM bonus_rounds WHERE id = ${id} AND status <> 'open'`,
  );
  if (!r) return null;
  const people = await all<{ id: number; username: string; avatar: string }>(
    env.DB,
    sql`SELECT u.id, u.username, u.avatar FROM bonus_participants p JOIN users u ON u.id = p.user_id WHERE p.round_id = ${id} ORDER BY p.seq`,
  );
  const byId = new Map(people.map((p) => [p.id, p]));
  const stored = r.winners ? storedWinners.parse(JSON.parse(r.winners)) : [];
  const winners: BonusWinnerJson[] = stored.flatMap((w) => {
    const user = byId.get(w.user_id);
    return user ? [{ place: w.place, user, sum: toDollars(w.amount) }] : [];
  });
  return {
    id: r.id,
    status: r.status === "finished" ? "finished" : "drawn",
    public_hash: r.public_hash,
    secret: r.secret,
    salt: env.BONUS_SALT,
    day_of_month: r.day_of_month,
    bank: toDollars(r.bank),
    paid: toDollars(r.paid),
    carried: toDollars(r.carried),
    end_time: r.ends_at,
    participants: people.map((p) => p.id),
    winners,
  };
}
