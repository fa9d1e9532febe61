// The player's own row under the table: shown pinned only when the page on screen does not
// already list it (it ranks elsewhere), so it is never shown twice.
import type { RankedJson } from "../../../../shared/api/tournaments";

export function pinnedOwnRow(rows: readonly RankedJson[], me: RankedJson | null): RankedJson | null {
  if (!me) return null;
  return rows.some((r) => r.user.id === me.user.id) ? null : me;
}
