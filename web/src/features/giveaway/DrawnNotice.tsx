// The last draw seen live: who won which item (or that nobody joined).
import { Trans, useTranslation } from "react-i18next";
import { useGiveawayStore } from "./store";

export function DrawnNotice({ selfId }: { selfId: number | null }) {
  const { t } = useTranslation("giveaway");
  const drawn = useGiveawayStore((s) => s.drawn);
  if (!drawn) return null;
  const text = !drawn.user ? (
    t("drawn.nobody", { item: drawn.item.name })
  ) : drawn.user.id === selfId ? (
    t("drawn.you", { item: drawn.item.name })
  ) : (
    // the winner's name blurs in streamer mode like every other player's
    <Trans
      t={t}
      i18nKey="drawn.winner"
      values={{ user: drawn.user.username, item: drawn.item.name }}
      components={{ name: <span className="participant-name" /> }}
    />
  );
  return (
    <p className={`giveaway-drawn${drawn.user?.id === selfId ? " giveaway-drawn--me" : ""}`} role="status" data-testid="giveaway-drawn">
      {text}
    </p>
  );
}
