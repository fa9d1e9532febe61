// The user's items (§1 Inventory): a selectable grid with price, rarity colour and image.
// The selection lives in selectionStore so bet boards, the store and withdrawals share it.
import { useIsMutating } from "@tanstack/react-query";
import { useMemo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { MONEY_WITHDRAW } from "../../../../shared/constants";
import { useUiStore } from "../../lib/uiStore";
import { EmptyState } from "../../ui/EmptyState";
import { LoadFailed, SignInPrompt } from "../../ui/StateNote";
import { Modal } from "../../ui/Modal";
import { formatDollars } from "../../ui/Money";
import { useCurrentUser } from "../../lib/session/useCurrentUser";
import { canWithdraw, sellBlock } from "./actions";
import { ItemCard } from "./ItemCard";
import { SELL_MODAL, SellConfirm } from "./SellConfirm";
import { WITHDRAW_MODAL, WithdrawTypeModal } from "./WithdrawTypeModal";
import { SELL_MUTATION_KEY } from "./useSell";
import { WITHDRAW_MUTATION_KEY } from "./useWithdraw";
import { MONEY_WITHDRAW_MUTATION_KEY } from "./useMoneyWithdraw";
import { inventorySelection, selectedTotalCents, useInventorySelection } from "./selectionStore";
import { useInventory } from "./useInventory";
import type { InventoryItem } from "./types";
import "./inventory.css";

const SKELETON_CARDS = 6;

/** Available items first, then by price, dearest first. */
function byAvailabilityThenPrice(a: InventoryItem, b: InventoryItem): number {
  const av = a.status === "available" ? 0 : 1;
  const bv = b.status === "available" ? 0 : 1;
  return av - bv || b.price - a.price;
}

/**
 * `tradeLinkForm`: the profile's trade link form, which the take dialog shows while the user has
 * no link yet (features do not import each other: app/InventoryWithTradeLink.tsx passes it in).
 */
export function InventoryPanel({ className, tradeLinkForm }: { className?: string; tradeLinkForm: ReactNode }) {
  const { t } = useTranslation("inventory");
  const openModal = useUiStore((s) => s.openModal);
  const openPanel = useUiStore((s) => s.openPanel);
  const userQuery = useCurrentUser();
  const signedIn = !!userQuery.data;
  const inventory = useInventory(signedIn);
  const selected = useInventorySelection((s) => s.selected);
  const items = useMemo(() => [...(inventory.data?.items ?? [])].sort(byAvailabilityThenPrice), [inventory.data]);
  const total = selectedTotalCents(items, selected);
  const selectedItems = useMemo(() => items.filter((i) => selected.includes(i.myId)), [items, selected]);
  const selling = useIsMutating({ mutationKey: SELL_MUTATION_KEY }) > 0;
  const taking = useIsMutating({ mutationKey: WITHDRAW_MUTATION_KEY }) + useIsMutating({ mutationKey: MONEY_WITHDRAW_MUTATION_KEY }) > 0;
  const sellBlocked = sellBlock({ signedIn, selected: selected.length, running: selling });
  const takeAllowed = canWithdraw({ signedIn, selected: selected.length, running: taking });
  const clearSelection = () => inventorySelection.getState().clear();

  let body: ReactNode;
  if (userQuery.isPending) {
    body = <Skeleton label={t("loading")} />;
  } else if (!signedIn) {
    body = <SignInPrompt message={t("signed_out")} button={t("login")} />;
  } else if (inventory.isPending) {
    body = <Skeleton label={t("loading")} />;
  } else if (inventory.isError) {
    body = <LoadFailed message={t("load_failed")} onRetry={() => void inventory.refetch()} />;
  } else if (items.length === 0) {
    body = <EmptyState title={t("empty")}>{t("empty_hint")}</EmptyState>;
  } else {
    body = (
      <>
        <ul className="inventory__grid">
          {items.map((item) => (
            <li key={item.myId}>
              <ItemCard item={item} selected={selected.includes(item.myId)} onToggle={(i) => inventorySelection.getState().toggle(i)} />
            </li>
          ))}
        </ul>
        <div className="inventory__bar" aria-live="polite">
          <span>
            {t("selected", { count: selected.length })} · <strong>{formatDollars(total / 100)}</strong>
          </span>
          <button type="button" className="inventory__clear" disabled={selected.length === 0} onClick={clearSelection}>
            {t("clear")}
          </button>
        </div>
        <div className="inventory__actions">
          <button
            type="button"
            className="button"
            disabled={sellBlocked !== null}
            aria-describedby={selected.length === 0 ? "inventory-pick-hint" : undefined}
            aria-busy={selling || undefined}
            onClick={() => openModal(SELL_MODAL)}
          >
            {selling ? t("sell.selling") : t("actions.sell")}
          </button>
          <button
            type="button"
            className="button button-primary"
            disabled={!takeAllowed}
            aria-describedby={selected.length === 0 ? "inventory-pick-hint" : selected.length > 1 ? "inventory-take-hint" : undefined}
            onClick={() => openModal(WITHDRAW_MODAL)}
          >
            {t("actions.take")}
          </button>
        </div>
        {selected.length === 0 ? (
          <p id="inventory-pick-hint" className="inventory__hint">
            {t("actions.pick_first")}
          </p>
        ) : null}
        {selected.length > 1 ? (
          <p id="inventory-take-hint" className="inventory__hint">
            {t("actions.take_one", { max: MONEY_WITHDRAW.maxItems })}
          </p>
        ) : null}
        <Modal name={SELL_MODAL} title={t("sell.title", { count: selectedItems.length })} size="sm">
          <SellConfirm items={selectedItems} onSold={clearSelection} />
        </Modal>
        <Modal name={WITHDRAW_MODAL} title={t("take.title", { count: selectedItems.length })} size="sm">
          <WithdrawTypeModal items={selectedItems} onSent={clearSelection} tradeLinkForm={tradeLinkForm} />
        </Modal>
      </>
    );
  }

  return (
    <section className={`inventory${className ? ` ${className}` : ""}`} aria-label={t("title")}>
      <header className="inventory__head">
        <h2 className="inventory__title">{t("title")}</h2>
        {signedIn && inventory.data && <span className="inventory__count">{t("count", { count: items.length })}</span>}
        <button type="button" className="button button-small inventory__to-store" onClick={() => openPanel("store")}>
          {t("actions.store")}
        </button>
      </header>
      {body}
    </section>
  );
}

function Skeleton({ label }: { label: string }) {
  return (
    <ul className="inventory__grid" aria-busy="true" aria-label={label}>
      {Array.from({ length: SKELETON_CARDS }, (_, i) => (
        <li key={i} className="inventory__skeleton shimmer-block" />
      ))}
    </ul>
  );
}
