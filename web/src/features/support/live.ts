// What app/liveHub.tsx calls for the support hub frames (shared/rooms/hub.ts): `ticket` (a staff
// reply, close or reopen of the player's ticket) refetches that ticket and the player's list;
// `ticketQueue` (staff sockets: a new ticket, a player's message, a close) refetches the queue and
// the staff view of that ticket. Only queries on screen refetch; the rest are marked stale.
import type { QueryClient } from "@tanstack/react-query";
import { ticketKeys } from "./keys";

export function receiveTicketFrame(queryClient: QueryClient, frame: { id: number }): void {
  void queryClient.invalidateQueries({ queryKey: ticketKeys.one(frame.id) });
  void queryClient.invalidateQueries({ queryKey: ticketKeys.list });
}

export function receiveTicketQueueFrame(queryClient: QueryClient, frame: { id: number }): void {
  void queryClient.invalidateQueries({ queryKey: [...ticketKeys.staff, "queue"] });
  void queryClient.invalidateQueries({ queryKey: ticketKeys.staffOne(frame.id) });
}
