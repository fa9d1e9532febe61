// A room's board (docs/api.md "Sockets"): what every socket sees of a round's bets
// is the totals and the biggest few, not every row — N rows to N sockets is N² bytes a round. The
// board frame names the top's ids in order and carries only the rows new or changed since the
// previous board; a client keeps the rest from the init frame and the boards before.

/** The top rows since the previous board: the ids in order and the rows to send. */
export interface BoardChange<B> {
  order: string[];
  rows: B[];
}

/** Remembers what the last board sent (per round; a new round, or a restarted room, sends all again). */
export class BoardDiff<B extends { id: string }> {
  private round: number | undefined;
  private sent = new Map<string, string>();

  /** `top` as it stands now: the rows a client does not have in this shape yet. */
  next(roundId: number, top: readonly B[]): BoardChange<B> {
    if (roundId !== this.round) {
      this.round = roundId;
      this.sent.clear();
    }
    const rows: B[] = [];
    const now = new Map<string, string>();
    for (const row of top) {
      const text = JSON.stringify(row);
      now.set(row.id, text);
      if (this.sent.get(row.id) !== text) rows.push(row);
    }
    // rows that left the top are forgotten: one coming back is sent again
    this.sent = now;
    return { order: top.map((r) => r.id), rows };
  }
}

/** The `size` biggest of `rows` by `weight`, biggest first; ties keep the rows' order (first placed first). */
export function biggest<R>(rows: readonly R[], size: number, weight: (row: R) => number): R[] {
  return rows
    .map((row, i) => ({ row, i, w: weight(row) }))
    .sort((a, b) => b.w - a.w || a.i - b.i)
    .slice(0, size)
    .map((x) => x.row);
}
