// The tournaments' clock is one DO instance named "tournament"; the worker reaches it here.
export function tournamentRoom(env: Pick<Env, "TOURNAMENT_ROOM">) {
  return env.TOURNAMENT_ROOM.get(env.TOURNAMENT_ROOM.idFromName("tournament"));
}
