// The Crash screen (§2, the home "/"): game widget, betting board, summary, bet list and the
// hash line; the chat column is the layout's. Mounting it connects /ws/crash.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useBanksStore } from "../../lib/banksStore";
import { useConfig } from "../../lib/config";
import { notify } from "../../lib/uiStore";
import { getToken, onTokenChange } from "../../lib/session/token";
import { useSignedInUser } from "../../lib/session/useCurrentUser";
import { playSound } from "../../lib/sound";
import { AdminTools } from "./AdminTools";
import { BetList } from "./BetList";
import { BettingBoard } from "./BettingBoard";
import { startCrash, type CrashConnection } from "./connection";
import { GameWidget } from "./GameWidget";
import { HashLine } from "./HashLine";
import { Summary } from "./Summary";
import { chosenItem, useInventoryItems } from "./useInventoryItems";
import { useCrashSelection } from "./selection";
import { useCrashStore } from "./store";
import { LossNotice } from "./LossNotice";
import { RulesModal } from "./RulesModal";
import { WinNotice } from "./WinNotice";
import "./crash.css";
import { MaintenanceMessage } from "../../ui/MaintenanceMessage";

function useCrashConnection(): CrashConnection | null {
  const [connection, setConnection] = useState<CrashConnection | null>(null);
  useEffect(() => {
    const c = startCrash({
      getToken,
      notify,
      playSound,
      setBank: (dollars) => useBanksStore.getState().setBank("crash", dollars),
      reload: () => window.location.reload(),
    });
    setConnection(c);
    const offToken = onTokenChange(c.reidentify);
    return () => {
      offToken();
      c.stop();
      setConnection(null);
    };
  }, []);
  return connection;
}

export default function CrashScreen() {
  const { t } = useTranslation("crash");
  const connection = useCrashConnection();
  const user = useSignedInUser();
  const config = useConfig().data;
  const roomMaintenance = useCrashStore((s) => s.maintenance);
  const connected = useCrashStore((s) => s.connected);
  const maintenance = roomMaintenance || !!config?.maintenance;
  const inventory = useInventoryItems(!!user);
  const selected = useCrashSelection((s) => s.selected);
  const chosen = chosenItem(inventory.data?.items, selected);
  const selfBetCount = useCrashStore((s) => s.selfBets.length);

  // Staked items leave the available list and won items join it: refetch the inventory after
  // each own bet, each win and when a new round opens.
  const phase = useCrashStore((s) => s.phase);
  const signedIn = !!user;
  const refetchInventory = inventory.refetch;
  const wonBet = useCrashStore((s) => s.lastWin?.betId);
  useEffect(() => {
    if (signedIn && (phase === "waiting" || selfBetCount > 0 || wonBet)) void refetchInventory();
  }, [phase, selfBetCount, wonBet, signedIn, refetchInventory]);

  return (
    <div className="crash-screen" data-testid="crash-screen">
      <h1 className="sr-only">{t("title")}</h1>
      {maintenance && (
        <p className="crash-notice crash-notice--maintenance" role="alert">
          {t("maintenance")}
          <MaintenanceMessage />
        </p>
      )}
      {!connected && phase !== "loading" && (
        <p className="crash-notice" role="status">
          {t("reconnecting")}
        </p>
      )}
      <div className="crash-top">
        <GameWidget chosen={chosen ? { name: chosen.market_hash_name, image: chosen.image, rarity_color: chosen.rarity_color, price: chosen.price } : null} />
        <BettingBoard
          connection={connection}
          signedIn={!!user}
          maintenance={maintenance}
          items={inventory.data?.items}
          itemsLoading={!!user && inventory.isLoading}
        />
      </div>
      {config?.dev && user?.is_admin && <AdminTools connection={connection} />}
      <Summary />
      <BetList />
      <HashLine />
      <WinNotice />
      <LossNotice />
      <RulesModal />
    </div>
  );
}
