// The wheel room is one DO instance named "wheel"; the worker reaches it here.
export function wheelRoom(env: Pick<Env, "WHEEL_ROOM">) {
  return env.WHEEL_ROOM.get(env.WHEEL_ROOM.idFromName("wheel"));
}
