// The user's items (§1 Inventory): a selectable grid with price, rarity colour and image.
// The selection lives in selectionStore so bet boards, the store and withdrawals share it.
import { useMemo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useUiStore } from "../../app/uiStore";
import { EmptyState } from "../../ui/EmptyState";
import { formatDollars } from "../../ui/Money";
import { useCurrentUser } from "../../lib/session/useCurrentUser";
import { ItemCard } from "./ItemCard";
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

export function InventoryPanel({ className }: { className?: string }) {
  const { t } = useTranslation("inventory");
  const openModal = useUiStore((s) => s.openModal);
  const userQuery = useCurrentUser();
  const signedIn = !!userQuery.data;
  const inventory = useInventory(signedIn);
  const selected = useInventorySelection((s) => s.selected);
  const items = useMemo(() => [...(inventory.data?.items ?? [])].sort(byAvailabilityThenPrice), [inventory.data]);
  const total = selectedTotalCents(items, selected);

  let body: ReactNode;
  if (userQuery.isPending) {
    body = <Skeleton label={t("loading")} />;
  } else if (!signedIn) {
    body = (
      <div className="inventory__state">
        <p>{t("signed_out")}</p>
        <button type="button" className="button button-primary" onClick={() => openModal("login")}>
          {t("login")}
        </button>
      </div>
    );
  } else if (inventory.isPending) {
    body = <Skeleton label={t("loading")} />;
  } else if (inventory.isError) {
    body = (
      <div className="inventory__state" role="alert">
        <p>{t("load_failed")}</p>
        <button type="button" className="button" onClick={() => void inventory.refetch()}>
          {t("retry")}
        </button>
      </div>
    );
  } else if (items.length === 0) {
    body = (
      <EmptyState title={t("empty")}>{t("empty_hint")}</EmptyState>
    );
  } else {
    body = (
      <>
        <ul className="inventory__grid">
          {items.map((item) => (
            <li key={item.myId}>
              <ItemCard
                item={item}
                selected={selected.includes(item.myId)}
                onToggle={(i) => inventorySelection.getState().toggle(i)}
              />
            </li>
          ))}
        </ul>
        <div className="inventory__bar" aria-live="polite">
          <span>
            {t("selected", { count: selected.length })} · <strong>{formatDollars(total / 100)}</strong>
          </span>
          <button
            type="button"
            className="inventory__clear"
            disabled={selected.length === 0}
            onClick={() => inventorySelection.getState().clear()}
          >
            {t("clear")}
          </button>
        </div>
      </>
    );
  }

  return (
    <section className={`inventory${className ? ` ${className}` : ""}`} aria-label={t("title")}>
      <header className="inventory__head">
        <h2 className="inventory__title">{t("title")}</h2>
        {signedIn && inventory.data && <span className="inventory__count">{t("count", { count: items.length })}</span>}
      </header>
      {body}
    </section>
  );
}

function Skeleton({ label }: { label: string }) {
  return (
    <ul className="inventory__grid" aria-busy="true" aria-label={label}>
      {Array.from({ length: SKELETON_CARDS }, (_, i) => (
        <li key={i} className="inventory__skeleton" />
      ))}
    </ul>
  );
}

export default InventoryPanel;
