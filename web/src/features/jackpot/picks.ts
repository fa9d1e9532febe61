// The jackpot bet form's picked items (lib/itemPicks.ts); the limit is the room's, given per toggle.
import { createItemPicks } from "../../lib/itemPicks";

export const useJackpotPicks = createItemPicks();
