// The giveaway card of the mode-kit sidebar (spec §2): the item (48 px), the countdown, the
// participant count and Join; its title and "More" open the giveaway modal with the full view.
import { useTranslation } from "react-i18next";
import { useUiStore } from "../../lib/uiStore";
import { ItemImage } from "../../ui/ItemImage";
import { formatDollars } from "../../ui/Money";
import { Skeleton } from "../../ui/Spinner";
import { LoadFailed } from "../../ui/StateNote";
import { Countdown } from "./Countdown";
import { DrawnNotice } from "./DrawnNotice";
import { JoinButton } from "./JoinButton";
import { Participants } from "./Participants";
import { useGiveaway } from "./useGiveaway";
import "./giveaway.css";

export function GiveawayCard() {
  const { t } = useTranslation("giveaway");
  const openModal = useUiStore((s) => s.openModal);
  const { userId, active, giveaway, left, block, join } = useGiveaway();

  let body: React.ReactNode;
  if (active.isPending) body = <Skeleton width="100%" height={64} />;
  else if (active.isError) body = <LoadFailed message={t("load_failed")} onRetry={() => void active.refetch()} />;
  else if (!giveaway) body = <p className="giveaway-empty">{t("empty")}</p>;
  else {
    body = (
      <>
        <div className="giveaway-prize">
          <ItemImage name={giveaway.item.name} image={giveaway.item.image} rarityColor={giveaway.item.rarity_color} size={48} />
          <div>
            <p className="giveaway-item-name" data-testid="giveaway-item">
              {giveaway.item.name}
            </p>
            <p className="giveaway-item-price">{formatDollars(giveaway.item.price)}</p>
          </div>
        </div>
        <Countdown left={left} />
        <Participants giveaway={giveaway} avatars={false} />
        <JoinButton block={block} onJoin={join} />
      </>
    );
  }

  return (
    <section className="giveaway-card" aria-labelledby="giveaway-card-title" data-testid="giveaway-card">
      <header className="giveaway-card-head">
        <h2 id="giveaway-card-title">
          <button type="button" className="giveaway-title-button" onClick={() => openModal("giveaway")}>
            {t("title")}
          </button>
        </h2>
        <button type="button" className="button button-link giveaway-more" onClick={() => openModal("giveaway")} data-testid="giveaway-more">
          {t("more")}
        </button>
      </header>
      <DrawnNotice selfId={userId} />
      {body}
    </section>
  );
}
