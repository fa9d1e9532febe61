// The bonus pool's room is one DO instance named "bonus"; the worker reaches it here.
export function bonusRoom(env: Pick<Env, "BONUS_ROOM">) {
  return env.BONUS_ROOM.get(env.BONUS_ROOM.idFromName("bonus"));
}
