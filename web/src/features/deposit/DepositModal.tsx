// The deposit dialog (§2 Modals, §4 Deposit): money or skins. The money tab (MoneyDepositPanel,
// opened first) pays through a provider or the wallet step; the skins tab is the skins deposit
// (SkinsDepositPanel), also reached from the money tab's skins tile. Tabs follow the WAI-ARIA tabs
// pattern (arrow keys move between them).
import { type KeyboardEvent, type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useUiStore } from "../../lib/uiStore";
import { DepositLimitPrompt } from "./DepositLimitPrompt";
import { MoneyDepositPanel } from "./MoneyDepositPanel";
import { SkinsDepositPanel } from "./SkinsDepositPanel";
import "./deposit.css";

const TABS = ["money", "skins"] as const;
type Tab = (typeof TABS)[number];

export function DepositModal({ tradeLinkForm }: { tradeLinkForm: ReactNode }) {
  const { t } = useTranslation("deposit");
  const closeModal = useUiStore((s) => s.closeModal);
  const [tab, setTab] = useState<Tab>("money");
  const base = useId();
  const show = (next: Tab) => {
    setTab(next);
    document.getElementById(`${base}-tab-${next}`)?.focus();
  };
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== "ArrowRight" && e.key !== "ArrowLeft") return;
    e.preventDefault();
    show(TABS[(TABS.indexOf(tab) + 1) % TABS.length]!);
  };
  return (
    <div className="deposit-modal">
      <DepositLimitPrompt />
      <div className="deposit-modal__tabs" role="tablist" aria-label={t("tabs.label")} onKeyDown={onKey}>
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`${base}-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`${base}-panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            className={`deposit-modal__tab${tab === name ? " is-active" : ""}`}
            onClick={() => setTab(name)}
          >
            {t(`tabs.${name}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${base}-panel-${tab}`} aria-labelledby={`${base}-tab-${tab}`} className="deposit-modal__panel">
        {tab === "skins" ? (
          <SkinsDepositPanel tradeLinkForm={tradeLinkForm} />
        ) : (
          <MoneyDepositPanel tradeLinkForm={tradeLinkForm} onSkins={() => show("skins")} />
        )}
      </div>
      {/* deposit limits one click from the deposit dialog (docs/protection.md "Limits") */}
      <p className="deposit-modal__limits">
        <Link to="/limits" onClick={() => closeModal()}>
          {t("limits_link")}
        </Link>
      </p>
    </div>
  );
}
