// A catalogue search for the economy pages (a case's items, a giveaway's prize): a name to look
// for, the matching entries priced above 0 page by page, and a button on each to pick it.
import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { AdminCatalogueItemJson } from "../../../../../../shared/api/cases";
import { failureKey } from "../../../../lib/api";
import { displayMessage } from "../../../../lib/i18n";
import { formatDollars } from "../../../../ui/Money";
import { Skeleton } from "../../../../ui/Spinner";
import { LoadFailed } from "../../../../ui/StateNote";
import { useCatalogueSearch } from "./useEconomy";

export function CataloguePicker({
  isTaken,
  full = false,
  pickText,
  onPick,
}: {
  isTaken: (catalogueId: number) => boolean;
  full?: boolean;
  /** the pick button's visible text (the entry's name follows it for screen readers) */
  pickText: string;
  onPick: (entry: AdminCatalogueItemJson) => void;
}) {
  const { t } = useTranslation("console_economy");
  const { t: tCommon } = useTranslation();
  const [text, setText] = useState("");
  const [q, setQ] = useState("");
  const searchId = useId();
  const list = useCatalogueSearch(q);
  let results: ReactNode;
  if (list.isPending) results = <Skeleton width="100%" height={80} />;
  else if (list.isError)
    results = (
      <LoadFailed message={displayMessage(failureKey(list.error, "console_error.load") ?? "console_error.load", tCommon)} onRetry={() => void list.refetch()} />
    );
  else if (list.rows.length === 0) results = <p className="state-note">{t("catalogue.empty")}</p>;
  else
    results = (
      <ul className="economy-results" aria-label={t("catalogue.results")}>
        {list.rows.map((entry) => {
          const taken = isTaken(entry.id);
          return (
            <li key={entry.id}>
              <span className="economy-rarity" style={{ background: entry.rarity_color }} aria-hidden="true" />
              <span className="economy-result-name">{entry.market_hash_name}</span>
              <span className="economy-result-price">{formatDollars(entry.price)}</span>
              <button type="button" className="button" disabled={taken || full} onClick={() => onPick(entry)}>
                {taken ? t("catalogue.taken") : pickText}
                <span className="sr-only"> {entry.market_hash_name}</span>
              </button>
            </li>
          );
        })}
      </ul>
    );
  return (
    <div className="economy-picker">
      <form
        className="economy-inline"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setQ(text.trim());
        }}
      >
        <label htmlFor={searchId}>{t("catalogue.search")}</label>
        <input id={searchId} className="input" type="search" value={text} maxLength={100} onChange={(e) => setText(e.target.value)} />
        <button type="submit" className="button">
          {t("catalogue.search_button")}
        </button>
      </form>
      {results}
      {list.hasNextPage ? (
        <div className="console-actions console-actions--center">
          <button type="button" className="button" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            {t("catalogue.more")}
          </button>
        </div>
      ) : null}
    </div>
  );
}
