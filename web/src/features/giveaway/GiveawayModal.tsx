// The giveaway modal's content (spec §2 giveaway modal): the item, the countdown, the participants,
// the caller's conditions, Join, and the history of past giveaways.
import { useTranslation } from "react-i18next";
import { ItemImage } from "../../ui/ItemImage";
import { formatDollars } from "../../ui/Money";
import { Skeleton } from "../../ui/Spinner";
import { LoadFailed } from "../../ui/StateNote";
import { Conditions } from "./Conditions";
import { Countdown } from "./Countdown";
import { DrawnNotice } from "./DrawnNotice";
import { History } from "./History";
import { JoinButton } from "./JoinButton";
import { Participants } from "./Participants";
import { useGiveaway } from "./useGiveaway";
import "./giveaway.css";

export function GiveawayModal() {
  const { t } = useTranslation("giveaway");
  const { userId, active, giveaway, conditions, left, block, join } = useGiveaway();
  if (active.isPending) return <Skeleton width="100%" height={200} />;
  if (active.isError) return <LoadFailed message={t("load_failed")} onRetry={() => void active.refetch()} />;
  return (
    <div className="giveaway-modal" data-testid="giveaway-modal">
      <DrawnNotice selfId={userId} />
      {giveaway ? (
        <>
          <div className="giveaway-prize giveaway-prize--big">
            <ItemImage name={giveaway.item.name} image={giveaway.item.image} rarityColor={giveaway.item.rarity_color} size={128} />
            <div>
              <p className="giveaway-item-name">{giveaway.item.name}</p>
              <p className="giveaway-item-price">{formatDollars(giveaway.item.price)}</p>
            </div>
          </div>
          <Countdown left={left} />
          <Participants giveaway={giveaway} avatars />
          {userId === null ? null : conditions.isPending ? (
            <Skeleton width="100%" height={80} />
          ) : conditions.isError ? (
            <LoadFailed message={t("conditions.load_failed")} onRetry={() => void conditions.refetch()} />
          ) : (
            <Conditions answer={conditions.data} />
          )}
          <JoinButton block={block} onJoin={join} />
        </>
      ) : (
        <p className="giveaway-empty">{t("empty")}</p>
      )}
      <History history={active.data.history} />
    </div>
  );
}
