// The hub's `tournament` frame merged into a cached /api/tournaments/get answer (pure). The frame
// carries the first page only: page 1 takes its rows, other pages only the member count. A frame
// of another tournament (the next one started) or a finished one (paid, winners known) cannot be
// merged: the answer is asked again.
import type { z } from "zod";
import type { getAnswer } from "../../../../shared/api/tournaments";
import type { HubServerFrame } from "../../../../shared/rooms/hub";
import type { DataOf } from "../../../../shared/rooms/frame";

export type TournamentAnswer = z.infer<typeof getAnswer>;
export type TournamentFrame = DataOf<HubServerFrame, "tournament">;

export function withFrame(answer: TournamentAnswer, frame: TournamentFrame): TournamentAnswer | "refetch" {
  const t = answer.tournament;
  if (!t || t.id !== frame.tournament_id || t.status !== 0 || frame.status !== 0) return "refetch";
  const tournament = { ...t, members: frame.members };
  if (answer.page !== 1) return { ...answer, tournament };
  // the own row moves with the page when it is on it; elsewhere it keeps its last known place
  const ownOnPage = answer.me ? frame.users.find((r) => r.user.id === answer.me?.user.id) : undefined;
  return {
    ...answer,
    tournament,
    users: frame.users,
    has_more: frame.members > frame.users.length,
    me: ownOnPage ?? answer.me,
    server_time: frame.server_time,
  };
}

/**
 * The own row ranks below the frame's page: its points may have moved without the frame showing
 * it, so the caller reads it again now and then (live.ts bounds how often).
 */
export function ownRowOffFrame(answer: TournamentAnswer, frame: TournamentFrame): boolean {
  const me = answer.me;
  return me !== null && answer.tournament?.id === frame.tournament_id && !frame.users.some((r) => r.user.id === me.user.id);
}
