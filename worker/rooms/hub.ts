// The chat room is also the site hub (README "Where things are"): one DO instance named "hub".
// Other rooms and the worker push site-wide and per-user events through it by RPC.
export function hub(env: Pick<Env, "CHAT_ROOM">) {
  return env.CHAT_ROOM.get(env.CHAT_ROOM.idFromName("hub"));
}
