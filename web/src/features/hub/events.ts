// Other parts of the SPA subscribe to hub events here (features do not import each other; the
// app wires, e.g., "notification" into the bell). Subscriptions outlive reconnects.
import type { HubServerEvent, HubServerFrame } from "../../../../shared/rooms/hub";
import type { DataOf } from "../../../../shared/rooms/frame";

type Handler = (data: never) => void;
const handlers = new Map<HubServerEvent, Set<Handler>>();

export function onHubEvent<E extends HubServerEvent>(event: E, handler: (data: DataOf<HubServerFrame, E>) => void): () => void {
  const set = handlers.get(event) ?? new Set();
  handlers.set(event, set);
  set.add(handler as Handler);
  return () => void set.delete(handler as Handler);
}

export function emitHubEvent(frame: HubServerFrame): void {
  for (const h of handlers.get(frame.event) ?? []) (h as (data: unknown) => void)(frame.data);
}
