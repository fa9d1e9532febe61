// React Query keys of the support desk, without the contracts (live.ts is part of the app's live
// wiring and should not pull the ticket schemas in). Every key starts with "tickets" (the player)
// or "staffTickets" (staff).
export type QueueStatus = "open" | "closed";

// The roots are lib/queryKeys.ts's (the hub resyncs them when its socket opens).
export const ticketKeys = {
  all: ["tickets"] as const,
  list: ["tickets", "list"] as const,
  one: (id: number) => ["tickets", "one", id] as const,
  staff: ["staffTickets"] as const,
  queue: (status: QueueStatus) => ["staffTickets", "queue", status] as const,
  staffOne: (id: number) => ["staffTickets", "one", id] as const,
};
