// The one way to the site hub (docs/api.md "Sockets"): the HubRoom DO instance named "hub". The worker and
// the other rooms push site-wide and per-user frames through it by RPC (notifyUser, broadcast,
// setMaintenance); worker/lib/notify.ts wraps notifyUser so a push never throws.
export function hub(env: Pick<Env, "HUB_ROOM">) {
  return env.HUB_ROOM.get(env.HUB_ROOM.idFromName("hub"));
}
