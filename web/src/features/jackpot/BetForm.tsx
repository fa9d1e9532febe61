// The bet form (§2, §5): the player's own available items, the room's minimum and item limits
// shown BEFORE sending, an amount from the balance (ui/StakeAmount), the button disabled with its
// reason (betBlock.ts), and POST /api/jackpot/setBet {items, level, value} with ids and the amount only. The answer's jackpot_api key becomes the
// notice; the bet itself arrives through the socket (jackpotNewBet, to the player's own sockets).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { jackpotCalls } from "../../../../shared/api/jackpot";
import type { InventoryItemJson } from "../../../../shared/api/user";
import { JACKPOT, type JackpotLevel } from "../../../../shared/constants";
import { toCents, toDollars } from "../../../../shared/money";
import { useState } from "react";
import { parseAmount } from "../../lib/amount";
import { api, failureKey } from "../../lib/api";
import { useSignedInUser } from "../../lib/session/useCurrentUser";
import { queryKeys } from "../../lib/queryKeys";
import { playSound } from "../../lib/sound";
import { notify, useUiStore } from "../../lib/uiStore";
import { DepositButton } from "../../ui/DepositButton";
import { ItemPickGrid } from "../../ui/ItemPickGrid";
import { formatDollars, Money } from "../../ui/Money";
import { Spinner } from "../../ui/Spinner";
import { useStakeHeadroom } from "../../lib/protection";
import { amountIssue, StakeAmount } from "../../ui/StakeAmount";
import { betBlock, pickLimit } from "./betBlock";
import { useJackpotPicks } from "./picks";
import { ownItemsInRound, phaseAt } from "./state";
import { useJackpotStore } from "./store";
import { useNow } from "./useNow";
import { useItemName } from "../../ui/itemWords";

interface Props {
  level: JackpotLevel;
  selfId: number | null;
  maintenance: boolean;
  items: InventoryItemJson[] | undefined;
  itemsLoading: boolean;
}

export function BetForm({ level, selfId, maintenance, items, itemsLoading }: Props) {
  const itemName = useItemName();
  const { t } = useTranslation("jackpot");
  const qc = useQueryClient();
  const openModal = useUiStore((s) => s.openModal);
  const s = useJackpotStore();
  const now = useNow(500, s.status !== null);
  const selected = useJackpotPicks((p) => p.selected);
  const toggle = useJackpotPicks((p) => p.toggle);
  const clear = useJackpotPicks((p) => p.clear);
  const [amount, setAmount] = useState("");
  const balanceCents = toCents(useSignedInUser()?.balance ?? 0);
  const send = useMutation({
    mutationFn: ({ ids, value }: { ids: number[]; value: number }) =>
      api(jackpotCalls.setBet, value > 0 ? { items: ids, level, value } : { items: ids, level }),
    onSuccess: (answer) => {
      playSound("bet");
      notify({ type: "success", message: answer.message });
      clear();
    },
    onError: (err) => {
      playSound("error");
      const key = failureKey(err, "jackpot_error.participate");
      if (key) notify({ type: "error", message: key });
    },
    // the staked items leave the available list
    onSettled: () => void qc.invalidateQueries({ queryKey: queryKeys.inventory }),
  });

  const picked = (items ?? []).filter((i) => selected.includes(i.myId));
  const pickedCents = picked.reduce((sum, i) => sum + toCents(i.price), 0);
  const headroom = useStakeHeadroom(`${balanceCents}:${items?.length ?? 0}`);
  const issue = amountIssue(amount, balanceCents, JACKPOT.maxValueCents, headroom, pickedCents);
  const valueCents = issue ? 0 : (parseAmount(amount) ?? 0);
  const own = ownItemsInRound(s.selfBets, selfId);
  const block = betBlock({
    signedIn: selfId !== null,
    connected: s.connected,
    maintenance: maintenance || s.maintenance,
    phase: phaseAt(s, now),
    settings: s.settings,
    sending: send.isPending,
    pickedPrices: picked.map((i) => i.price),
    valueCents,
    amountIssue: issue,
    ownItemsInRound: own,
    isPlayer: selfId !== null && s.selfBets.some((b) => b.user.id === selfId),
    playersCount: s.playersCount,
  });
  const limit = pickLimit(s.settings, own);
  const totalCents = pickedCents + valueCents;

  const onBet = () => {
    if (block === "login") return openModal("login");
    if (block === "ready") send.mutate({ ids: picked.map((i) => i.myId), value: toDollars(valueCents) });
  };

  return (
    <section className="jackpot-form" aria-labelledby="jackpot-form-title">
      <h2 className="jackpot-section-title" id="jackpot-form-title">
        {t("form.title")}
      </h2>
      {s.settings && (
        <p className="jackpot-muted" data-testid="jackpot-limits">
          {t("form.limits", {
            min: formatDollars(s.settings.minBet),
            perBet: s.settings.maxItemsPerBet,
            perPlayer: s.settings.maxItemsPerPlayer,
            used: own,
          })}
        </p>
      )}
      <div className="jackpot-form-actions">
        <button
          type="button"
          className="button button-primary jackpot-bet"
          disabled={block !== "ready" && block !== "login"}
          onClick={onBet}
          aria-describedby="jackpot-bet-reason"
          data-testid="jackpot-bet"
          data-state={block}
        >
          {block === "sending" ? <Spinner size={18} /> : null}
          <span>{block === "ready" ? t("form.send", { amount: formatDollars(toDollars(totalCents)) }) : t(`form.block.${block}`)}</span>
        </button>
        <p className="jackpot-form-summary" id="jackpot-bet-reason" aria-live="polite">
          <span>{t("form.selected", { count: picked.length, max: limit })}</span>
          <Money amount={toDollars(totalCents)} />
          {block === "too_small" && s.settings ? (
            <span className="jackpot-form-why">{t("form.need_min", { min: formatDollars(s.settings.minBet) })}</span>
          ) : null}
        </p>
      </div>
      {selfId !== null && (
        <StakeAmount
          text={amount}
          onText={setAmount}
          balanceCents={balanceCents}
          maxCents={JACKPOT.maxValueCents}
          headroom={headroom}
          itemsCents={pickedCents}
          testId="jackpot-amount"
        />
      )}
      {selfId !== null && (
        <div className="jackpot-inventory">
          <ItemPickGrid
            items={items}
            loading={itemsLoading}
            selected={selected}
            onToggle={(item) => toggle(item, limit)}
            emptyText={balanceCents === 0 ? t("stake.nothing", { ns: "common" }) : t("form.no_items")}
            emptyAction={balanceCents === 0 ? <DepositButton /> : undefined}
            statusText={(status) => t(`item_status.${status}`, { defaultValue: status })}
            itemLabel={(item) => `${itemName(item.market_hash_name)}, ${formatDollars(item.price)}`}
            listLabel={t("form.items")}
            full={selected.length >= limit}
            check
            classes={{
              empty: "jackpot-muted",
              list: "jackpot-inventory-list",
              item: "pick-card jackpot-item",
              price: "jackpot-item-price",
              status: "jackpot-item-status",
            }}
          />
        </div>
      )}
    </section>
  );
}
