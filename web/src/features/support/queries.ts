// The support desk's calls (shared/api/tickets.ts): the player's tickets and one ticket with its
// messages, create / write / close; the staff queue (keyset pages), a ticket with the player's
// context, reply / close / reopen. Keys in keys.ts, so that live frames (live.ts) refetch them.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type CreateTicketRequest, type QueueBody, TICKET_CLOSED, TICKET_OPEN, ticketCalls } from "../../../../shared/api/tickets";
import { api, retryUnless4xx } from "../../lib/api";
import { type QueueStatus, ticketKeys } from "./keys";

export function useMyTickets(enabled: boolean) {
  return useQuery({ queryKey: ticketKeys.list, queryFn: () => api(ticketCalls.get), enabled, retry: retryUnless4xx });
}

export function useTicket(id: number | null, enabled: boolean) {
  const client = useQueryClient();
  return useQuery({
    queryKey: ticketKeys.one(id ?? 0),
    queryFn: async () => {
      const answer = await api(ticketCalls.getById, { id: id! });
      // opening it marks the staff replies read: the list's unread mark goes
      void client.invalidateQueries({ queryKey: ticketKeys.list });
      return answer.ticket;
    },
    enabled: enabled && id !== null,
    retry: retryUnless4xx,
  });
}

export function useCreateTicket() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ticket: CreateTicketRequest["ticket"]) => api(ticketCalls.create, { ticket }),
    onSettled: () => void client.invalidateQueries({ queryKey: ticketKeys.list }),
  });
}

export function useSendMessage(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => api(ticketCalls.sendMessage, { id, message }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}

export function useCloseTicket(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api(ticketCalls.close, { id }),
    onSettled: () => void client.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}

// ---- staff ----

export function useQueue(status: QueueStatus, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: ticketKeys.queue(status),
    queryFn: ({ pageParam }) => {
      const body: QueueBody = { status: status === "open" ? TICKET_OPEN : TICKET_CLOSED, after: pageParam ?? undefined };
      return api(ticketCalls.staffQueue, body);
    },
    initialPageParam: null as { at: number; id: number } | null,
    getNextPageParam: (last) => last.next,
    enabled,
    retry: retryUnless4xx,
  });
}

export function useStaffTicket(id: number | null, enabled: boolean) {
  return useQuery({
    queryKey: ticketKeys.staffOne(id ?? 0),
    queryFn: () => api(ticketCalls.staffGet, { id: id! }),
    enabled: enabled && id !== null,
    retry: retryUnless4xx,
  });
}

export function useStaffReply(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => api(ticketCalls.staffReply, { id, message }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ticketKeys.staff }),
  });
}

export type StaffAction = "close" | "reopen";

export function useStaffAction(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: StaffAction) => api(action === "close" ? ticketCalls.staffClose : ticketCalls.staffReopen, { id }),
    onSettled: () => void client.invalidateQueries({ queryKey: ticketKeys.staff }),
  });
}
