// The Jackpot screen (§2 /jackpot): level tabs (?level=low|medium|high), the pot, the spinner and
// the winner banner, the bet form, the bet list with chances, the level's last rounds and the hash
// line. Mounting it (or switching the level) connects /ws/jackpot?level=….
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import type { JackpotLevel } from "../../../../shared/constants";
import { useBanksStore } from "../../lib/banksStore";
import { useConfig } from "../../lib/config";
import { useInventoryQuery } from "../../lib/inventory";
import { getToken, onTokenChange } from "../../lib/session/token";
import { useSignedInUser } from "../../lib/session/useCurrentUser";
import { notify } from "../../lib/uiStore";
import { AvatarSpinner } from "./AvatarSpinner";
import { BetForm } from "./BetForm";
import { LiveBetList } from "./BetList";
import { startJackpot } from "./connection";
import { History } from "./History";
import { levelFrom } from "./level";
import { LevelTabs } from "./LevelTabs";
import { useJackpotPicks } from "./picks";
import { Pot } from "./Pot";
import { useJackpotStore } from "./store";
import { LossNotice } from "./LossNotice";
import { WinnerBanner } from "./WinnerBanner";
import "./jackpot.css";
import { MaintenanceMessage } from "../../ui/MaintenanceMessage";

function useJackpotConnection(level: JackpotLevel): void {
  useEffect(() => {
    const c = startJackpot({
      level,
      getToken,
      notify,
      setBank: (l, dollars) => useBanksStore.getState().setJackpotLevels({ [l]: dollars }),
    });
    const offToken = onTokenChange(c.reidentify);
    return () => {
      offToken();
      c.stop();
    };
  }, [level]);
}

/** The player's items: picks that left (staked, withdrawn) are dropped; reloaded when a round ends. */
function useBetInventory(signedIn: boolean) {
  const inventory = useInventoryQuery(signedIn);
  const items = inventory.data?.items;
  useEffect(() => {
    if (items) useJackpotPicks.getState().retain(items);
    else if (!signedIn) useJackpotPicks.getState().clear();
  }, [items, signedIn]);
  // a new round: the winner's items arrived, a single player's came back
  const roundId = useJackpotStore((s) => s.roundId);
  const [seenRound, setSeenRound] = useState(roundId);
  const refetch = inventory.refetch;
  useEffect(() => {
    if (roundId === seenRound) return;
    setSeenRound(roundId);
    if (signedIn && seenRound !== null) void refetch();
  }, [roundId, seenRound, signedIn, refetch]);
  return inventory;
}

export default function JackpotScreen() {
  const { t } = useTranslation("jackpot");
  const [params] = useSearchParams();
  const level = levelFrom(params.get("level"));
  useJackpotConnection(level);
  const user = useSignedInUser();
  const selfId = user?.id ?? null;
  const config = useConfig().data;
  const inventory = useBetInventory(!!user);
  const connected = useJackpotStore((s) => s.connected);
  const loading = useJackpotStore((s) => s.status === null);
  const roomMaintenance = useJackpotStore((s) => s.maintenance);
  const publicHash = useJackpotStore((s) => s.publicHash);
  const roundId = useJackpotStore((s) => s.roundId);
  const maintenance = roomMaintenance || !!config?.maintenance;

  return (
    <div className="jackpot-screen" data-testid="jackpot-screen" data-level={level}>
      <h1 className="sr-only">{t("title_level", { level: t(`levels.${level}`) })}</h1>
      <LevelTabs level={level} />
      {maintenance && (
        <p className="jackpot-notice jackpot-notice--maintenance" role="alert">
          {t("maintenance")}
          <MaintenanceMessage />
        </p>
      )}
      {!connected && !loading && (
        <p className="jackpot-notice" role="status">
          {t("reconnecting")}
        </p>
      )}
      <div className="jackpot-top">
        <div className="jackpot-main">
          <Pot />
          <AvatarSpinner selfId={selfId} />
          <WinnerBanner selfId={selfId} />
          <LossNotice selfId={selfId} />
        </div>
        <BetForm level={level} selfId={selfId} maintenance={maintenance} items={inventory.data?.items} itemsLoading={!!user && inventory.isLoading} />
      </div>
      <LiveBetList selfId={selfId} />
      <History />
      <p className="jackpot-hash">
        <Link to="/provably-fair#jackpot" data-testid="jackpot-hash">
          {t("hash.public", { id: roundId ?? "…" })} <code>{publicHash || "…"}</code>
        </Link>
      </p>
    </div>
  );
}
