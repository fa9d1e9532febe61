// The Wheel screen (§2 /wheel): the wheel with its countdown and result, the item
// picker, the four colour panels with their bet buttons, the history strip and stats, and the
// public hash. Mounting it connects /ws/wheel; layout and settings come from POST /api/wheel/get.
import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { toCents, toDollars } from "../../../../shared/money";
import type { WheelColour } from "../../../../shared/wheel-layout";
import { parseAmount } from "../../lib/amount";
import { failureKey } from "../../lib/api";
import { useBanksStore } from "../../lib/banksStore";
import { useConfig } from "../../lib/config";
import { displayMessage } from "../../lib/i18n";
import { useInventoryQuery } from "../../lib/inventory";
import { getToken, onTokenChange } from "../../lib/session/token";
import { useSignedInUser } from "../../lib/session/useCurrentUser";
import { playSound } from "../../lib/sound";
import { notify, useUiStore } from "../../lib/uiStore";
import { ScreenSkeleton } from "../../ui/Spinner";
import { useStakeHeadroom } from "../../lib/protection";
import { amountIssue, StakeAmount } from "../../ui/StakeAmount";
import { LoadFailed } from "../../ui/StateNote";
import { betBlock } from "./betRules";
import { ColourPanels } from "./ColourPanels";
import { startWheel } from "./connection";
import { ItemPicker } from "./ItemPicker";
import { placeBet, useWheelState } from "./queries";
import { useWheelSelection } from "./selection";
import { ownColours } from "./state";
import { useWheelStore } from "./store";
import { Summary } from "./Summary";
import { WheelStage } from "./WheelStage";
import { LossNotice } from "./LossNotice";
import { WinNotice } from "./WinNotice";
import "./wheel.css";
import { MaintenanceMessage } from "../../ui/MaintenanceMessage";

function useWheelConnection(): void {
  useEffect(() => {
    const c = startWheel({
      getToken,
      notify,
      playSound,
      setBank: (dollars) => useBanksStore.getState().setBank("wheel", dollars),
    });
    const offToken = onTokenChange(c.reidentify);
    return () => {
      offToken();
      c.stop();
    };
  }, []);
}

export default function WheelScreen() {
  const { t } = useTranslation("wheel");
  const { t: tCommon } = useTranslation();
  useWheelConnection();
  const state = useWheelState();
  const user = useSignedInUser();
  const balanceCents = toCents(user?.balance ?? 0);
  const [amount, setAmount] = useState("");
  const config = useConfig().data;
  const openModal = useUiStore((s) => s.openModal);
  const inventory = useInventoryQuery(!!user);
  const items = inventory.data?.items;
  const selected = useWheelSelection((s) => s.selected);
  const headroom = useStakeHeadroom(`${balanceCents}:${items?.length ?? 0}`);
  const phase = useWheelStore((s) => s.phase);
  const connected = useWheelStore((s) => s.connected);
  const roomMaintenance = useWheelStore((s) => s.maintenance);
  const bets = useWheelStore((s) => s.bets);
  const selfBets = useWheelStore((s) => s.selfBets);
  const totals = useWheelStore((s) => s.totals);
  const spin = useWheelStore((s) => s.spin);
  const publicHash = useWheelStore((s) => s.publicHash);
  const roundId = useWheelStore((s) => s.roundId);
  const wonBet = useWheelStore((s) => s.lastWin?.betId);
  const maintenance = roomMaintenance || !!config?.maintenance;
  const [sending, setSending] = useState<WheelColour | null>(null);

  // picks leave when their items go elsewhere; staked items leave the list and won items join it
  useEffect(() => {
    if (items) useWheelSelection.getState().retain(items);
    else if (!user) useWheelSelection.getState().clear();
  }, [items, user]);
  const signedIn = !!user;
  const refetchInventory = inventory.refetch;
  useEffect(() => {
    if (signedIn && (phase === "betting" || wonBet)) void refetchInventory();
  }, [phase, wonBet, signedIn, refetchInventory]);

  const bet = useMutation({
    mutationFn: ({ colour, ids, value }: { colour: WheelColour; ids: number[]; value: number }) => placeBet(colour, ids, value),
    onMutate: ({ colour }) => setSending(colour),
    onSuccess: (answer, { ids }) => {
      useWheelStore.getState().addOwnBet(answer.bet);
      useWheelSelection.getState().drop(ids);
      playSound("bet");
      notify({ type: "success", message: answer.message });
      void refetchInventory();
    },
    onError: (err) => {
      const key = failureKey(err, "wheel_error.bet");
      playSound("error");
      if (key) notify({ type: "error", message: key });
    },
    onSettled: () => setSending(null),
  });

  if (state.isLoading) return <ScreenSkeleton />;
  if (state.error || !state.data)
    return (
      <div className="wheel-screen">
        <LoadFailed message={displayMessage("wheel_error.load", tCommon)} onRetry={() => void state.refetch()} />
      </div>
    );

  const { layout, settings } = state.data;
  // own rows: the ones this socket knows as own, and any row of this user (a bet from another tab)
  const ownRows = user ? [...selfBets, ...bets.filter((b) => b.user.id === user.id && !selfBets.some((o) => o.id === b.id))] : selfBets;
  const pickedCents = (items ?? []).filter((i) => selected.includes(i.myId)).reduce((sum, i) => sum + toCents(i.price), 0);
  const issue = amountIssue(amount, balanceCents, toCents(settings.max_bet), headroom, pickedCents);
  const valueCents = issue ? 0 : (parseAmount(amount) ?? 0);
  const value = toDollars(pickedCents + valueCents);
  const context = {
    signedIn,
    maintenance,
    connected,
    phase,
    ownColours: ownColours(ownRows),
    maxColours: settings.max_colours,
    selectedCount: selected.length,
    value,
    amountIssue: issue,
    minBet: settings.min_bet,
    maxBet: settings.max_bet,
    maxItems: settings.max_items,
    sending: sending !== null,
  };
  const onBet = (colour: WheelColour) => {
    const block = betBlock(colour, context);
    if (block === "login") return openModal("login");
    if (block === null) bet.mutate({ colour, ids: [...selected], value: toDollars(valueCents) });
  };

  return (
    <div className="wheel-screen" data-testid="wheel-screen">
      <h1 className="sr-only">{t("title")}</h1>
      {maintenance && (
        <p className="wheel-notice wheel-notice--maintenance" role="alert">
          {t("maintenance")}
          <MaintenanceMessage />
        </p>
      )}
      {!connected && phase !== "loading" && (
        <p className="wheel-notice" role="status">
          {t("reconnecting")}
        </p>
      )}
      <div className="wheel-top">
        <WheelStage segments={layout.segments} />
        <div className="wheel-stake">
          {signedIn && (
            <StakeAmount
              text={amount}
              onText={setAmount}
              balanceCents={balanceCents}
              maxCents={toCents(settings.max_bet)}
              headroom={headroom}
              itemsCents={pickedCents}
              testId="wheel-amount"
            />
          )}
          <ItemPicker
            signedIn={signedIn}
            items={items}
            loading={signedIn && inventory.isLoading}
            settings={settings}
            value={value}
            broke={balanceCents === 0}
          />
        </div>
      </div>
      <Summary />
      <ColourPanels
        roundId={roundId}
        layout={layout}
        totals={totals}
        bets={bets}
        ownIds={new Set(ownRows.map((b) => b.id))}
        landed={phase === "result" && spin ? spin.colour : null}
        blockOf={(colour) => betBlock(colour, context)}
        sending={sending}
        onBet={onBet}
      />
      <p className="wheel-hash">
        <Link to="/provably-fair#wheel" data-testid="wheel-hash">
          {t("hash.public", { id: roundId ?? "…" })} <code>{publicHash || "…"}</code>
        </Link>
      </p>
      <WinNotice />
      <LossNotice />
    </div>
  );
}
