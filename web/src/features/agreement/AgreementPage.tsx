// /user-agreement (spec §2, §9 Terms): the operator's terms in ru / en, versioned by
// TERMS.version (the sign-in records the version the player accepted; docs/support.md "The user
// agreement"). Numbered sections with anchors (#terms-<id>) and a table of contents; every number
// comes from shared/constants.ts through i18next interpolation.
import { useEffect } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { FAIRNESS, FEES, MONEY_WITHDRAW, SKINS_DEPOSIT, STORAGE_KEYS, TERMS } from "../../../../shared/constants";
import { REFERRAL_STORAGE_KEY } from "../../lib/referral";
import { formatCentsAsDollars } from "../../ui/formatCents";
import "./agreement.css";

const SECTIONS = [
  { id: "general", title: "sections.general.title", paras: ["sections.general.p1", "sections.general.p2", "sections.general.p3"] },
  { id: "eligibility", title: "sections.eligibility.title", paras: ["sections.eligibility.p1", "sections.eligibility.p2", "sections.eligibility.p3"] },
  { id: "accounts", title: "sections.accounts.title", paras: ["sections.accounts.p1", "sections.accounts.p2", "sections.accounts.p3"] },
  {
    id: "payments",
    title: "sections.payments.title",
    paras: ["sections.payments.p1", "sections.payments.p2", "sections.payments.p3", "sections.payments.p4", "sections.payments.p5"],
  },
  { id: "items", title: "sections.items.title", paras: ["sections.items.p1", "sections.items.p2", "sections.items.p3"] },
  { id: "fairness", title: "sections.fairness.title", paras: ["sections.fairness.p1", "sections.fairness.p2"] },
  { id: "responsible", title: "sections.responsible.title", paras: ["sections.responsible.p1", "sections.responsible.p2", "sections.responsible.p3"] },
  { id: "liability", title: "sections.liability.title", paras: ["sections.liability.p1", "sections.liability.p2", "sections.liability.p3"] },
  { id: "disputes", title: "sections.disputes.title", paras: ["sections.disputes.p1", "sections.disputes.p2"] },
  { id: "privacy", title: "sections.privacy.title", paras: ["sections.privacy.p1", "sections.privacy.p2", "sections.privacy.p3"] },
  { id: "changes", title: "sections.changes.title", paras: ["sections.changes.p1"] },
  { id: "contact", title: "sections.contact.title", paras: ["sections.contact.p1"] },
] as const;

const ANCHOR_PREFIX = "terms-";
const TOC_ID = "terms-toc";
const HOUR_MS = 60 * 60 * 1000;
const links = { support: <Link to="/support" />, fair: <Link to="/provably-fair" /> };

/** The numbers the sections interpolate (the claim period is added per language: it is a plural). */
const VALUES = {
  version: TERMS.version,
  age: TERMS.minimumAge,
  liabilityCap: TERMS.liabilityCapRoubles,
  disputeDays: TERMS.disputeWorkingDays,
  tax: FEES.moneyWithdrawalTaxPercent,
  fee: FEES.skinWithdrawalFeePercent,
  wagerFactor: MONEY_WITHDRAW.depositFactor,
  moneyLimit: formatCentsAsDollars(MONEY_WITHDRAW.moneyLimitCents),
  limitHours: MONEY_WITHDRAW.moneyLimitWindowMs / HOUR_MS,
  autoApprove: formatCentsAsDollars(MONEY_WITHDRAW.autoApproveCents),
  protectionDays: SKINS_DEPOSIT.protectionMs / (24 * HOUR_MS),
  offerMinutes: SKINS_DEPOSIT.offerTtlMs / 60_000,
  fairFactor: FAIRNESS.mismatchPayoutFactor,
  localKeys: [
    STORAGE_KEYS.apiToken,
    STORAGE_KEYS.language,
    STORAGE_KEYS.settings,
    STORAGE_KEYS.crashMultipliers,
    STORAGE_KEYS.crashBetMultiplier,
    REFERRAL_STORAGE_KEY,
  ].join(", "),
  sessionKeys: STORAGE_KEYS.signInNonce,
};

export default function AgreementPage() {
  const { t } = useTranslation("agreement");
  const { hash } = useLocation();
  const values = { ...VALUES, period: t("claim_period", { count: TERMS.inventoryClaimYears }) };

  // a link to a section (/user-agreement#terms-disputes): scroll to it once the lazy page is in
  // (the layout scrolls a new screen to the top first)
  useEffect(() => {
    if (!hash.startsWith(`#${ANCHOR_PREFIX}`)) return;
    const frame = requestAnimationFrame(() => document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: "start" }));
    return () => cancelAnimationFrame(frame);
  }, [hash]);

  return (
    <article className="terms-page" data-testid="user-agreement">
      <header className="terms-head">
        <h1>{t("title")}</h1>
        <p className="terms-version" data-testid="terms-version">
          {t("version", { version: TERMS.version })}
        </p>
        <p className="terms-lead">{t("lead")}</p>
      </header>

      <nav className="terms-toc" aria-labelledby={TOC_ID}>
        <h2 id={TOC_ID}>{t("toc")}</h2>
        <ol>
          {SECTIONS.map((s) => (
            <li key={s.id}>
              <a href={`#${ANCHOR_PREFIX}${s.id}`}>{t(s.title)}</a>
            </li>
          ))}
        </ol>
      </nav>

      {SECTIONS.map((s, i) => (
        <section key={s.id} id={`${ANCHOR_PREFIX}${s.id}`} className="terms-section" aria-labelledby={`${ANCHOR_PREFIX}${s.id}-title`}>
          <h2 id={`${ANCHOR_PREFIX}${s.id}-title`}>
            <span className="terms-number">{i + 1}.</span> {t(s.title)}
          </h2>
          {s.paras.map((key, j) => (
            <p key={key}>
              <span className="terms-number">
                {i + 1}.{j + 1}.
              </span>{" "}
              <Trans t={t} i18nKey={key} values={values} components={links} />
            </p>
          ))}
          <a className="terms-top" href={`#${TOC_ID}`}>
            {t("back_to_top")}
          </a>
        </section>
      ))}
    </article>
  );
}
