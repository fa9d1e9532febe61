// Live cashback (docs/money.md "Cashback"): {event:"updateCashback", data:{cashback}} through the hub,
// hundredths of a cent. A settled crash round pushes once per player whose cashback changed
// (not once per bet); a claim pushes after its batch. Best effort, like every push (lib/notify.ts).
import { all, sql } from "../db/sql";
import { notifyUsersSafe } from "../lib/notify";

type HubEnv = Pick<Env, "DB" | "HUB_ROOM">;

/** Reads the players' cashback in one query and pushes each once (one hub call per 500 players). */
export async function pushCashback(env: HubEnv, userIds: Iterable<number>): Promise<void> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return;
  let rows: { id: number; cashback: number }[];
  try {
    rows = await all(env.DB, sql`SELECT id, cashback FROM users WHERE id IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`);
  } catch (err) {
    console.error("pushCashback could not read the cashback", { err: String(err) });
    return;
  }
  await notifyUsersSafe(
    env,
    rows.map((r) => ({ userId: r.id, frame: { event: "updateCashback", data: { cashback: r.cashback } } })),
  );
}
