// Tells the bonus pool's room that its bank moved (a game room's bonus share landed in D1): the
// room reads the open round's bank, starts the timer once it reaches the minimum and sends the
// coalesced update-bank frame. Best effort like every push: D1 is the bank's truth and the draw
// reads it there, so a lost push only delays the frame until the next one.
import { bonusRoom } from "../rooms/bonus/stub";

export async function pushBonusBank(env: Pick<Env, "BONUS_ROOM">): Promise<void> {
  try {
    await bonusRoom(env).fed();
  } catch (err) {
    console.error("bonus pool bank push failed", String(err));
  }
}
