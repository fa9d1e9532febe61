// Everything the card and the modal show, in one place: the running giveaway, the countdown, the
// caller's conditions and membership, and why Join is disabled (§6: a visitor has no conditions
// and is never a participant).
import { useSignedInUser } from "../../lib/session/useCurrentUser";
import { joinBlock } from "./joinBlock";
import { useActiveGiveaway, useGiveawayConditions, useGiveawayMember, useJoinGiveaway } from "./queries";
import { useCountdown } from "./useCountdown";

export function useGiveaway() {
  const user = useSignedInUser();
  const userId = user?.id ?? null;
  const active = useActiveGiveaway();
  const giveaway = active.data?.giveaway ?? null;
  const conditions = useGiveawayConditions(userId);
  const member = useGiveawayMember(userId);
  const join = useJoinGiveaway(userId);
  const left = useCountdown(giveaway?.end_time ?? null);
  const isParticipant = userId !== null && !!giveaway && member.data?.giveaway_id === giveaway.id && member.data.is_participant;
  const block = joinBlock({
    signedIn: userId !== null,
    remainingMs: left,
    isParticipant,
    pending: join.isPending,
    conditions: userId !== null && conditions.data?.giveaway_id === giveaway?.id ? (conditions.data?.conditions ?? null) : null,
  });
  return { userId, active, giveaway, conditions, left, block, join: () => giveaway && join.mutate(giveaway.id) };
}
