// After a committed open: the player's balance is pushed and everyone gets the live drop.
// Both are best effort: the open stands whatever the hub does.
import { casesLiveDropFrame } from "../../shared/rooms/hub";
import { pushBalance } from "../lib/notify";
import { hub } from "../rooms/hub";
import { presentLiveDrop } from "./presenters";
import { liveDrop } from "./queries";

type HubEnv = Pick<Env, "DB" | "HUB_ROOM">;

export async function announceOpen(env: HubEnv, userId: number, openId: number): Promise<void> {
  await pushBalance(env, userId);
  try {
    const row = await liveDrop(env, openId);
    if (!row) return;
    const frame = casesLiveDropFrame.parse({ event: "casesLiveDrop", data: presentLiveDrop(row) });
    const delivery = await hub(env).broadcast(frame);
    if (delivery?.refused) console.error("hub refused the live drop", { openId, refused: delivery.refused });
  } catch (err) {
    console.error("casesLiveDrop broadcast failed", { openId, err: String(err) });
  }
}
