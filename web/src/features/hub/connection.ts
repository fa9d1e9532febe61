// The hub connection without React: one socket on /ws/hub (docs/api.md "Sockets"), identified with the
// stored token, its frames applied to the hub store, the React Query cache and the notices. The app
// mounts it (app/liveHub.tsx); tests drive it. The chat has its own socket (features/chat/connection.ts).
import type { QueryClient } from "@tanstack/react-query";
import { SOCKET } from "../../../../shared/constants";
import { hubProtocol, hubServerFrame, type HubClientFrame, type HubServerFrame } from "../../../../shared/rooms/hub";
import { createRoomSocket, roomUrl, type RoomSocket, type WebSocketFactory } from "../../lib/socket";
import { queryKeys } from "../../lib/queryKeys";
import { emitHubEvent } from "./events";
import { useHubStore } from "./store";

export interface HubDeps {
  queryClient: QueryClient;
  notify(notice: { type: "success" | "fail" | "error"; message: string }): void;
  /** The stored api_token, or null for a visitor (read afresh on every connect). */
  getToken(): string | null;
  /** The user is banned (userBanned, or identity refused as banned): log out with the notice. */
  banned(): void;
  /** The server ended the session this socket identified with (logged out elsewhere, revoked): forget it. */
  signedOut(): void;
  url?: string;
  connect?: WebSocketFactory;
  random?: () => number;
}

export interface Hub {
  socket: RoomSocket<HubClientFrame, HubServerFrame>;
  /** Sends identity again after sign-in or sign-out in this or another tab. */
  reidentify(): void;
  stop(): void;
}

const EVENTS = hubServerFrame.options.map((o) => o.shape.event.value);

function configMaintenance(data: unknown): boolean | undefined {
  const m = (data as { maintenance?: unknown } | null | undefined)?.maintenance;
  return typeof m === "boolean" ? m : undefined;
}

export function startHub(deps: HubDeps): Hub {
  const store = useHubStore.getState();
  // the token of the last identity frame: a session-ended close is about that one
  let identifiedWith: string | null = null;
  const identity = (): HubClientFrame => {
    identifiedWith = deps.getToken();
    return { event: "identity", data: { apiToken: identifiedWith ?? "" } };
  };
  const socket = createRoomSocket({
    url: deps.url ?? (() => roomUrl("hub")),
    protocol: hubProtocol,
    hello: () => [identity()],
    connect: deps.connect,
    random: deps.random,
  });

  socket.on("online", (online) => store.setOnline(online));
  socket.on("updateBalance", ({ balance }) => {
    deps.queryClient.setQueryData(queryKeys.user, (u: object | null | undefined) => u && { ...u, balance });
  });
  socket.on("refreshPage", ({ maintenance, message }) => {
    // the operator's message rides in the config entry the notices read (ui/MaintenanceMessage.tsx)
    const maintenance_message = maintenance ? (message ?? null) : null;
    store.setMaintenance(maintenance);
    deps.queryClient.setQueryData(queryKeys.config, (c: object | null | undefined) => c && { ...c, maintenance, maintenance_message });
    if (maintenance) deps.notify({ type: "error", message: "app_api.maintenance" });
  });
  // One path for "banned" (lib/api.ts handleBanned): it forgets the token, shows the notice once
  // and the token-changed event makes this socket identify again as a visitor.
  socket.on("userBanned", () => deps.banned());
  socket.on("error", ({ message }) => {
    // A stored token of a banned user is refused at identity (e.g. on page load).
    if (message === "user_api.banned" && deps.getToken()) deps.banned();
    else console.warn("hub:", message);
  });
  // The server closed this socket because its session ended (SOCKET.sessionEnded): a logout of
  // this session (in another tab, or revoked) → forget it like logout does; a site ban → the banned
  // path. Only when the stored token is still the one the socket identified with (a newer
  // sign-in is not undone). The socket reconnects as a visitor.
  socket.onClose((code) => {
    const token = deps.getToken();
    if (!token || token !== identifiedWith) return;
    if (code === SOCKET.sessionEnded.banned) deps.banned();
    else if (code === SOCKET.sessionEnded.signed_out) deps.signedOut();
  });
  for (const event of EVENTS) socket.on(event, (data) => emitHubEvent({ event, data } as HubServerFrame));

  socket.onStatus((status) => {
    store.setConnected(status === "open");
    // Resynchronise on every open, the first one included: pushes sent before this socket was
    // bound (the page loaded its data a moment earlier) or while it was away are not replayed.
    if (status === "open") {
      void deps.queryClient.invalidateQueries({ queryKey: queryKeys.user });
      void deps.queryClient.invalidateQueries({ queryKey: queryKeys.config });
      void deps.queryClient.invalidateQueries({ queryKey: queryKeys.giveaway });
      // a staff reply or a player's message sent while this socket was away
      void deps.queryClient.invalidateQueries({ queryKey: queryKeys.tickets });
      void deps.queryClient.invalidateQueries({ queryKey: queryKeys.staffTickets });
    }
  });

  // Maintenance as /api/getConfig reports it, whenever that answer (re)arrives.
  const seeded = configMaintenance(deps.queryClient.getQueryData(queryKeys.config));
  if (seeded !== undefined) store.setMaintenance(seeded);
  const unwatch = deps.queryClient.getQueryCache().subscribe((e) => {
    if (e.type !== "updated" || e.query.queryKey[0] !== queryKeys.config[0]) return;
    const m = configMaintenance(e.query.state.data);
    if (m !== undefined && m !== useHubStore.getState().maintenance) store.setMaintenance(m);
  });

  return {
    socket,
    // closed: the next open sends identity first anyway
    reidentify: () => void (socket.status === "open" && socket.send(identity())),
    stop: () => {
      unwatch();
      socket.close();
      store.setConnected(false);
    },
  };
}
