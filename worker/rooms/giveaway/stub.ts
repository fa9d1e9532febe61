// The giveaways' clock is one DO instance named "giveaway"; the worker reaches it here.
export function giveawayRoom(env: Pick<Env, "GIVEAWAY_ROOM">) {
  return env.GIVEAWAY_ROOM.get(env.GIVEAWAY_ROOM.idFromName("giveaway"));
}
