// The storehouse total and "Accept" (§5: signed in, a selection, no buy running). With inventory
// items selected the player may pay with them too (an exchange): their credit is the price less
// the sell tax, and the footer says what is left to pay from the balance — or what comes back.
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { StoreItemJson } from "../../../../shared/api/store";
import { toCents } from "../../../../shared/money";
import { useSellTaxPercent } from "../../lib/config";
import { useUiStore } from "../../lib/uiStore";
import type { CurrentUser } from "../../lib/session/useCurrentUser";
import { formatCentsAsDollars } from "../../ui/formatCents";
import { useStoreSelection } from "./selection";
import { acceptBlock, exchangeQuote } from "./storeMath";
import { useBuy } from "./useBuy";

/** The inventory items the player has selected, offered as part payment (wired by the app). */
export interface ExchangeOffer {
  items: readonly { myId: number; price: number }[];
  /** the exchange went through: forget the selection */
  done(): void;
}

export function StoreFooter({ picked, exchange, user }: { picked: readonly StoreItemJson[]; exchange?: ExchangeOffer; user: CurrentUser | null }) {
  const { t } = useTranslation("store");
  const openModal = useUiStore((s) => s.openModal);
  const clear = useStoreSelection((s) => s.clear);
  const taxPercent = useSellTaxPercent();
  const [useExchange, setUseExchange] = useState(false);
  const offered = exchange?.items ?? [];
  const exchanging = useExchange && offered.length > 0;
  const quote = exchangeQuote(
    picked.map((p) => p.price),
    exchanging ? offered.map((i) => i.price) : [],
    taxPercent,
  );
  const buy = useBuy(() => {
    clear();
    if (exchanging) exchange?.done();
    setUseExchange(false);
  });
  const block = acceptBlock({ signedIn: !!user, selected: picked.length, running: buy.isPending });
  const short = user !== null && quote.toPayCents > toCents(user.balance);
  const reasonId = useId();
  // why Accept is off, said next to it (signed out has its own line with a Log in button)
  const reason = block === "none_selected" ? t("footer.none_selected") : block === "too_many" ? t("footer.too_many") : null;

  return (
    <footer className="store__footer">
      <div className="store__sum" aria-live="polite">
        <span>{t("footer.selected", { count: picked.length })}</span>
        <strong>{formatCentsAsDollars(quote.buyCents)}</strong>
        {picked.length > 0 ? (
          <button type="button" className="store__link" onClick={clear}>
            {t("footer.clear")}
          </button>
        ) : null}
      </div>
      {user && offered.length > 0 ? (
        <label className="store__exchange">
          <input type="checkbox" checked={useExchange} onChange={(e) => setUseExchange(e.target.checked)} />
          <span>{t("footer.exchange", { count: offered.length })}</span>
        </label>
      ) : null}
      {exchanging ? (
        <dl className="store__quote">
          <div>
            <dt>{t("footer.credit", { percent: taxPercent })}</dt>
            <dd>
              {formatCentsAsDollars(quote.creditCents)} <small>({t("footer.tax", { tax: formatCentsAsDollars(quote.taxCents) })})</small>
            </dd>
          </div>
          <div>
            <dt>{quote.toPayCents >= 0 ? t("footer.to_pay") : t("footer.to_receive")}</dt>
            <dd className="store__to-pay">{formatCentsAsDollars(Math.abs(quote.toPayCents))}</dd>
          </div>
        </dl>
      ) : null}
      {short && picked.length > 0 ? (
        <p className="store__warn" role="status">
          {t("footer.not_enough")}
        </p>
      ) : null}
      {block === "signed_out" ? (
        <p className="store__hint" id={`${reasonId}-login`}>
          {t("footer.signed_out")}{" "}
          <button type="button" className="store__link" onClick={() => openModal("login")}>
            {t("footer.login")}
          </button>
        </p>
      ) : null}
      <button
        type="button"
        className="button button-primary store__accept"
        disabled={block !== null}
        aria-describedby={reason ? reasonId : block === "signed_out" ? `${reasonId}-login` : undefined}
        aria-busy={buy.isPending || undefined}
        onClick={() => buy.mutate({ buyIds: picked.map((p) => p.id), sellIds: exchanging ? offered.map((i) => i.myId) : [] })}
      >
        {buy.isPending ? t("footer.buying") : t("footer.accept")}
      </button>
      {reason ? (
        <p className={block === "too_many" ? "store__warn" : "store__hint"} id={reasonId}>
          {reason}
        </p>
      ) : null}
    </footer>
  );
}
