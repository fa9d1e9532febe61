// The crash room is one DO instance named "crash"; the worker and the admin routes reach it here.
export function crashRoom(env: Pick<Env, "CRASH_ROOM">) {
  return env.CRASH_ROOM.get(env.CRASH_ROOM.idFromName("crash"));
}
