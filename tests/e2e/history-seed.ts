// A player with a long crash history, written into the e2e state before the site starts
// (global-setup.ts): playing 45 real rounds through the UI would take far too long. The rounds are
// past, crashed rounds with ids 1…n, so the crash room starts after them (it continues after the
// newest round in D1) and no live round, history strip or "my bet" ever sees an id out of order.
// Each bet is settled from the balance (no items), alternately won and lost, a minute apart:
// bet i (1-based) was placed at `start + i` minutes, in round i. They are not provably fair (no
// chain secret), and say so. Nor are they in the books: their balance parts have no ledger rows,
// so worker/books/reconcile.ts run on the e2e site would count them as crash mismatches (no e2e
// reads the books; a test that does must seed through the real bet path instead).

/** The player the profile-history test signs in as (dev login by username finds this row). */
export const HISTORY_PLAYER = "e2e_history_player";
/** How many settled crash bets he has. */
export const HISTORY_CRASH_BETS = 45;

const MINUTE = 60_000;

/** The SQL of the fixture: the player, `n` crashed rounds and his one bet in each. */
export function seedCrashBetsSql(username: string = HISTORY_PLAYER, n: number = HISTORY_CRASH_BETS, now: number = Date.now()): string {
  const start = now - (n + 60) * MINUTE;
  const hex = (i: number, salt: string) => `${salt}${i.toString(16)}`.padStart(64, "0");
  const user = `(SELECT id FROM users WHERE username = '${username}' ORDER BY id LIMIT 1)`;
  const lines = [`INSERT INTO users (username) SELECT '${username}' WHERE NOT EXISTS (SELECT 1 FROM users WHERE username = '${username}');`];
  for (let i = 1; i <= n; i++) {
    const at = start + i * MINUTE;
    const crashPoint = 150 + i * 10; // hundredths: 1.60×, 1.70×, …
    const won = i % 2 === 1;
    const bank = 100 + i; // cents
    const cashout = won ? 150 : null; // a won bet cashed out at 1.50× (below the crash point)
    const win = won ? Math.floor((bank * 150) / 100) : 0;
    lines.push(
      `INSERT INTO crash_rounds (id, public_hash, secret_hash, day_of_month, crash_point, status, provably_fair, bank, bets_count, items_count, created_at, started_at, crashed_at)
       VALUES (${i}, '${hex(i, "a")}', '${hex(i, "b")}', ${new Date(at).getUTCDate()}, ${crashPoint}, 'crashed', 0, ${bank}, 1, 0, ${at - 20_000}, ${at}, ${at + 10_000});`,
      `INSERT INTO crash_bets (id, round_id, user_id, bank, value, auto_withdraw, status, cashout, win, remainder, created_at, settled_at)
       VALUES ('e2e-history-${i}', ${i}, ${user}, ${bank}, ${bank}, ${won ? 150 : 999999}, ${won ? 1 : 2}, ${cashout ?? "NULL"}, ${win}, ${win}, ${at}, ${at + 10_000});`,
    );
  }
  return `${lines.join("\n")}\n`;
}

/** The player whose skin withdrawal waits on the trade bot (admin-console.e2e.ts, profile-history.e2e.ts). */
export const STUCK_PLAYER = "e2e_stuck_player";

/**
 * The SQL of a skin withdrawal the trade bot never made the offer for: 'sending', no offer, 6
 * attempts, asked 25 minutes ago, its next try a day away (the site's queue leaves it alone for
 * the run). It carries no items and no fee, so it moves nothing; the dashboard lists it and the
 * player's history explains it. Like the crash bets above it is not in the books (a 'sending'
 * withdrawal without its items: the dashboard's books card counts it in withdrawMismatches).
 */
export function seedStuckWithdrawalSql(username: string = STUCK_PLAYER, now: number = Date.now()): string {
  const user = `(SELECT id FROM users WHERE username = '${username}' ORDER BY id LIMIT 1)`;
  return [
    `INSERT INTO users (username) SELECT '${username}' WHERE NOT EXISTS (SELECT 1 FROM users WHERE username = '${username}');`,
    `INSERT INTO withdrawals (id, user_id, request_id, status, trade_link, amount, fee, attempts, next_attempt_at, created_at, updated_at)
       VALUES ('e2e-stuck-0000-4000-8000-000000000001', ${user}, 'e2e-stuck', 'sending',
               'https://steamcommunity.com/tradeoffer/new/?partner=1&token=e2estuck', 1234, 0, 6, ${now + 86_400_000}, ${now - 25 * MINUTE}, ${now - MINUTE});`,
  ].join("\n");
}
