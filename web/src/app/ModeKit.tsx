// The mode-kit sidebar of the game screens (spec §2: crash, wheel, jackpot): the giveaway card.
// (The cashback panel lives in its modal and the inventory in its panel until the sidebar takes
// them too.) The card loads lazily, so the game's first paint does not wait for it.
import { lazyScreen, named } from "./ScreenBoundary";

const GiveawayCard = lazyScreen(
  named(() => import("../features/giveaway/GiveawayCard"), "GiveawayCard"),
  null,
);

export function ModeKit() {
  // not a landmark of its own: it sits inside <main>, and the card is a titled section
  return (
    <div className="mode-kit">
      <GiveawayCard />
    </div>
  );
}
