// Why the Join button is closed, in one place (the button and its reason say the same): the
// first reason that holds wins, so a visitor is asked to sign in before being told to deposit.

export type JoinBlock = "no_tournament" | "ended" | "visitor" | "joined" | "checking" | "deposit" | "pending";

export interface JoinFacts {
  /** the running tournament's id (null: none runs) */
  runningId: number | null;
  /** the countdown reached zero (the server has not closed it yet) */
  ended: boolean;
  signedIn: boolean;
  /** the caller has a row in the table, or the conditions say joined */
  joined: boolean;
  /** the conditions are still loading (null) or their min_payment part */
  minPayment: { is_completed: boolean } | null;
  /** a join request is on its way */
  pending: boolean;
}

/** null: Join may be pressed. */
export function joinBlock(f: JoinFacts): JoinBlock | null {
  if (f.runningId === null) return "no_tournament";
  if (f.ended) return "ended";
  if (!f.signedIn) return "visitor";
  if (f.joined) return "joined";
  if (f.pending) return "pending";
  if (f.minPayment === null) return "checking";
  if (!f.minPayment.is_completed) return "deposit";
  return null;
}
