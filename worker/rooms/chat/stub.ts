// The chat room is one DO instance; the chat routes and the worker reach it here. It keeps the name
// "hub" from when it was also the site hub: its storage holds the history and a running quiz.
export function chatRoom(env: Pick<Env, "CHAT_ROOM">) {
  return env.CHAT_ROOM.get(env.CHAT_ROOM.idFromName("hub"));
}

/** The keys the room's send path refuses a message with (the chat routes answer them). */
export type { SendRefusalKey } from "./send";
