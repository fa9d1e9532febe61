// The betting board (§2, §5): items from the player's inventory, the auto-withdraw multiplier,
// the bet button with its states and the stop button while the own manual bet is active.
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { InventoryItemJson } from "../../../../shared/api/user";
import { CRASH } from "../../../../shared/constants";
import { toCents, toDollars } from "../../../../shared/money";
import { parseAmount } from "../../lib/amount";
import { useActiveBreak, useStakeHeadroom } from "../../lib/protection";
import { useSignedInUser } from "../../lib/session/useCurrentUser";
import { useUiStore } from "../../lib/uiStore";
import { DepositButton } from "../../ui/DepositButton";
import { ItemPickGrid } from "../../ui/ItemPickGrid";
import { Money } from "../../ui/Money";
import { Spinner } from "../../ui/Spinner";
import { amountIssue, StakeAmount } from "../../ui/StakeAmount";
import { AutoBetPanel } from "./AutoBetPanel";
import { CRASH_RULES_MODAL } from "./RulesModal";
import { betButtonEnabled, betButtonState } from "./betButton";
import { hotkeyAction } from "./hotkeys";
import type { CrashConnection } from "./connection";
import { MultiplierPicker } from "./MultiplierPicker";
import { formatMultiplier, readBetMultiplier, readMultipliers } from "./multipliers";
import { useCrashSelection } from "./selection";
import { canCashOut, manualBet } from "./state";
import { useCrashStore } from "./store";
import { useAutoBetDriver } from "./useAutoBet";

interface Props {
  connection: CrashConnection | null;
  signedIn: boolean;
  maintenance: boolean;
  items: InventoryItemJson[] | undefined;
  itemsLoading: boolean;
}

export function BettingBoard({ connection, signedIn, maintenance, items, itemsLoading }: Props) {
  const { t, i18n } = useTranslation("crash");
  const openModal = useUiStore((s) => s.openModal);
  // a time-out or self-exclusion closes the bet button and says until when (docs/protection.md "Breaks")
  const onBreak = useActiveBreak();
  const phase = useCrashStore((s) => s.phase);
  const connected = useCrashStore((s) => s.connected);
  const sending = useCrashStore((s) => s.sending);
  const selfBets = useCrashStore((s) => s.selfBets);
  const betStatus = useCrashStore((s) => s.betStatus);
  const selected = useCrashSelection((s) => s.selected);
  const toggle = useCrashSelection((s) => s.toggle);
  const clearSelection = useCrashSelection((s) => s.clear);
  const [values, setValues] = useState(readMultipliers);
  const [chosen, setChosen] = useState(readBetMultiplier);
  const [editing, setEditing] = useState(false);
  const [amount, setAmount] = useState("");
  const balanceCents = toCents(useSignedInUser()?.balance ?? 0);
  const pickedCents = (items ?? []).filter((i) => selected.includes(i.myId)).reduce((sum, i) => sum + toCents(i.price), 0);
  const headroom = useStakeHeadroom(`${balanceCents}:${items?.length ?? 0}`);
  const issue = amountIssue(amount, balanceCents, CRASH.maxValueCents, headroom, pickedCents);
  const valueCents = issue ? 0 : (parseAmount(amount) ?? 0);
  useAutoBetDriver(connection, balanceCents);

  const state = betButtonState({
    signedIn,
    maintenance,
    connected,
    phase,
    editing,
    selectedCount: selected.length,
    valueCents,
    amountIssue: issue,
    ownBets: selfBets.length,
    sending,
  });
  const totalCents = pickedCents + valueCents;
  const manual = manualBet(selfBets);
  const cashOutable = canCashOut({ phase, selfBets, betStatus });

  const onBet = () => {
    if (state === "login") return openModal("login");
    if (state !== "ready" || !connection) return;
    if (connection.bet(selected, chosen, toDollars(valueCents))) clearSelection();
  };

  // Space: cash out the manual bet, or place the bet (hotkeys.ts); the latest board, one listener
  const keyboard = useRef({ state, cashOutable, onBet, cashOut: () => manual && connection?.cashOut(manual.id) });
  keyboard.current = { state, cashOutable: cashOutable && !!manual, onBet, cashOut: () => manual && connection?.cashOut(manual.id) };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const el = e.target instanceof HTMLElement ? e.target : null;
      const k = keyboard.current;
      const action = hotkeyAction({
        key: e.key,
        target: el && el !== document.body ? { tagName: el.tagName, isContentEditable: el.isContentEditable } : null,
        dialogOpen: document.querySelector("[role=dialog][aria-modal=true]") !== null,
        betState: k.state,
        cashOutable: k.cashOutable,
      });
      if (!action || e.repeat) return;
      e.preventDefault();
      if (action === "cashOut") k.cashOut();
      else k.onBet();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  return (
    <section className="crash-board" aria-label={t("board.label")}>
      <MultiplierPicker values={values} chosen={chosen} editing={editing} onValues={setValues} onChosen={setChosen} onEditing={setEditing} />

      <div className="crash-board-actions">
        {cashOutable && manual ? (
          <button type="button" className="button crash-take" onClick={() => connection?.cashOut(manual.id)} data-testid="crash-take">
            {t("board.take")}
          </button>
        ) : onBreak ? (
          <button type="button" className="button button-primary crash-bet crash-bet--break" disabled data-testid="crash-bet" data-state="break">
            <span>
              {onBreak.until === null
                ? t("bet_button.break_open")
                : t("bet_button.break_until", {
                    date: new Intl.DateTimeFormat(i18n.language, { dateStyle: "short", timeStyle: "short" }).format(onBreak.until),
                  })}
            </span>
          </button>
        ) : (
          <button
            type="button"
            className={`button button-primary crash-bet crash-bet--${state}`}
            disabled={!betButtonEnabled(state)}
            onClick={onBet}
            data-testid="crash-bet"
            data-state={state}
          >
            {state === "sending" ? <Spinner size={18} /> : null}
            <span>{t(`bet_button.${state}`)}</span>
          </button>
        )}
        <div className="crash-board-summary">
          <span>{t("board.selected", { count: selected.length })}</span>
          <Money amount={toDollars(totalCents)} />
          <span className="crash-board-target">{formatMultiplier(chosen)}</span>
        </div>
        <div className="crash-board-help">
          {signedIn ? (
            <p className="crash-board-hotkey">
              <kbd>{t("board.space")}</kbd> {t("board.hotkey")}
            </p>
          ) : null}
          <button type="button" className="crash-board-rules" aria-label={t("rules.open_label")} onClick={() => openModal(CRASH_RULES_MODAL)}>
            {t("rules.open")}
          </button>
        </div>
      </div>

      {signedIn && (
        <StakeAmount
          text={amount}
          onText={setAmount}
          balanceCents={balanceCents}
          maxCents={CRASH.maxValueCents}
          headroom={headroom}
          itemsCents={pickedCents}
          testId="crash-amount"
        />
      )}
      {signedIn && <AutoBetPanel stakeCents={valueCents} target={chosen} blocked={maintenance || !connected} balanceCents={balanceCents} />}

      {signedIn && (
        <div className="crash-inventory" data-testid="crash-inventory">
          <ItemPickGrid
            items={items}
            loading={itemsLoading}
            selected={selected}
            onToggle={toggle}
            emptyText={balanceCents === 0 ? t("stake.nothing", { ns: "common" }) : t("board.no_items")}
            emptyAction={balanceCents === 0 ? <DepositButton /> : undefined}
            statusText={(status) => t(`item_status.${status}`)}
            classes={{
              empty: "crash-muted",
              list: "crash-inventory-list",
              item: "crash-inventory-item",
              price: "crash-inventory-price",
              status: "crash-inventory-status",
            }}
          />
        </div>
      )}
    </section>
  );
}
