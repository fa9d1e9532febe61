// The storehouse panel (§2 Panels, §5 Inventory and store): search by name, price bounds (min 0,
// max the balance by default), an infinite list of item cards, the selection and "Accept", which
// buys the picked items for balance — optionally paying in part with inventory items (exchange).
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useUiStore } from "../../lib/uiStore";
import { useCurrentUser } from "../../lib/session/useCurrentUser";
import { EmptyState } from "../../ui/EmptyState";
import { LoadFailed } from "../../ui/StateNote";
import { Spinner } from "../../ui/Spinner";
import { StoreCard } from "./StoreCard";
import { StoreFiltersForm } from "./StoreFiltersForm";
import { StoreFooter, type ExchangeOffer } from "./StoreFooter";
import { useStoreSelection } from "./selection";
import { priceBounds } from "./storeMath";
import { useDebounced } from "./useDebounced";
import { useInfiniteScroll } from "./useInfiniteScroll";
import { useStoreList } from "./useStoreList";
import "./store.css";

const SEARCH_DEBOUNCE_MS = 350;
const SKELETON_CARDS = 8;

export type { ExchangeOffer };

export function StorePanel({ exchange }: { exchange?: ExchangeOffer }) {
  const { t } = useTranslation("store");
  const notify = useUiStore((s) => s.notify);
  const openPanel = useUiStore((s) => s.openPanel);
  const { data: user } = useCurrentUser();
  const signedIn = !!user;
  const [search, setSearch] = useState("");
  const [minText, setMinText] = useState("0");
  const [maxText, setMaxText] = useState<string | null>(null);
  const bounds = priceBounds({ minText, maxText, balance: user ? user.balance : null });

  const filters = useDebounced(
    useMemo(() => ({ search: search.trim(), minPrice: bounds.minPrice, maxPrice: bounds.maxPrice }), [search, bounds.minPrice, bounds.maxPrice]),
    SEARCH_DEBOUNCE_MS,
  );
  const list = useStoreList(filters, signedIn);
  const items = useMemo(() => list.data?.pages.flatMap((p) => p.data) ?? [], [list.data]);
  const picked = useStoreSelection((s) => s.picked);
  const toggle = useStoreSelection((s) => s.toggle);

  // storehouse_error.load / load_more (§8) as notices, once per failure
  const failedFirst = list.isError && !list.isFetchNextPageError;
  useEffect(() => {
    if (failedFirst) notify({ type: "error", message: "storehouse_error.load" });
  }, [failedFirst, notify]);
  useEffect(() => {
    if (list.isFetchNextPageError) notify({ type: "error", message: "storehouse_error.load_more" });
  }, [list.isFetchNextPageError, notify]);

  const { rootRef, sentinelRef } = useInfiniteScroll({
    enabled: !!list.hasNextPage && !list.isFetchingNextPage && !list.isFetchNextPageError && !list.isPlaceholderData,
    onReach: () => void list.fetchNextPage(),
  });

  let body: ReactNode;
  if (list.isPending) {
    body = (
      <ul className="store__grid" aria-busy="true" aria-label={t("loading")}>
        {Array.from({ length: SKELETON_CARDS }, (_, i) => (
          <li key={i} className="store__skeleton shimmer-block" />
        ))}
      </ul>
    );
  } else if (failedFirst) {
    body = <LoadFailed message={t("load_failed")} onRetry={() => void list.refetch()} />;
  } else if (items.length === 0) {
    body = <EmptyState title={t("empty")}>{signedIn && maxText === null ? t("empty_hint_balance") : t("empty_hint")}</EmptyState>;
  } else {
    body = (
      <>
        <ul className="store__grid" aria-label={t("list_label")} aria-busy={list.isPlaceholderData || undefined}>
          {items.map((item) => (
            <li key={item.id}>
              <StoreCard item={item} selected={picked.some((p) => p.id === item.id)} onToggle={toggle} />
            </li>
          ))}
        </ul>
        <div ref={sentinelRef} className="store__more">
          {list.isFetchingNextPage ? (
            <span className="store__loading-more">
              <Spinner size={16} label={t("loading_more")} /> <span aria-hidden="true">{t("loading_more")}</span>
            </span>
          ) : list.isFetchNextPageError ? (
            <button type="button" className="button button-small" onClick={() => void list.fetchNextPage()}>
              {t("load_more_retry")}
            </button>
          ) : !list.hasNextPage && list.data && list.data.pages.length > 1 ? (
            <span className="store__end">{t("end")}</span>
          ) : null}
        </div>
      </>
    );
  }

  return (
    <section className="store" aria-label={t("title")}>
      <header className="store__head">
        <h2 className="store__title">{t("title")}</h2>
        {list.isFetching && !list.isPending && !list.isFetchingNextPage ? <Spinner size={16} label={t("loading")} /> : null}
        {signedIn ? (
          <button type="button" className="button button-small store__to-inventory" onClick={() => openPanel("inventory")}>
            {t("to_inventory")}
          </button>
        ) : null}
      </header>
      <StoreFiltersForm
        search={search}
        onSearch={setSearch}
        minText={minText}
        onMin={setMinText}
        maxText={bounds.maxText}
        onMax={setMaxText}
        minInvalid={bounds.minInvalid}
        maxInvalid={bounds.maxInvalid}
        maxFollowsBalance={signedIn && maxText === null}
        canResetMax={signedIn && maxText !== null}
        onResetMax={() => setMaxText(null)}
      />
      <div ref={rootRef} className="store__scroll">
        {body}
      </div>
      <StoreFooter picked={picked} exchange={exchange} user={user ?? null} />
    </section>
  );
}
