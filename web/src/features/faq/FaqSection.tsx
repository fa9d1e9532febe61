// The FAQ of /support (spec §2 "Support: FAQ and tickets"; docs/support.md "FAQ"): groups of
// questions, each a disclosure whose answer has an anchor (/support#faq-<slug> opens it and
// scrolls to it) and a "copy link" button; a search box filters questions and answers live in the
// current language. Every number comes from shared/constants.ts through i18next interpolation.
import { useEffect, useId, useMemo, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { FAQ_GROUPS, FAQ_SLUGS, type FaqSlug, faqValues, matchesQuery, normalizeQuery, plainText } from "./faqContent";
import "./faq.css";

const ANCHOR_PREFIX = "faq-";
const answerLinks = {
  profile: <Link to="/profile" />,
  promo: <Link to="/promo" />,
  fair: <Link to="/provably-fair" />,
  agreement: <Link to="/user-agreement" />,
};

function slugFromHash(hash: string): FaqSlug | null {
  if (!hash.startsWith(`#${ANCHOR_PREFIX}`)) return null;
  const slug = decodeURIComponent(hash.slice(1 + ANCHOR_PREFIX.length));
  return (FAQ_SLUGS as readonly string[]).includes(slug) ? (slug as FaqSlug) : null;
}

export function FaqSection() {
  const { t } = useTranslation("faq");
  const { hash } = useLocation();
  const searchId = useId();
  const headingId = useId();
  const [query, setQuery] = useState("");
  const [open, setOpen] = useState<ReadonlySet<FaqSlug>>(() => new Set());
  const [copied, setCopied] = useState<{ slug: FaqSlug; ok: boolean } | null>(null);

  // /support#faq-<slug>: open that answer and bring it into view (after the layout's scroll to the top)
  useEffect(() => {
    const slug = slugFromHash(hash);
    if (!slug) return;
    setQuery("");
    setOpen((prev) => new Set(prev).add(slug));
    const frame = requestAnimationFrame(() => {
      const item = document.getElementById(`${ANCHOR_PREFIX}${slug}`);
      item?.scrollIntoView({ block: "start" });
      item?.querySelector<HTMLButtonElement>(".faq-question")?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [hash]);

  const needle = normalizeQuery(query);
  const groups = useMemo(
    () =>
      FAQ_GROUPS.map((group) => ({
        id: group.id,
        items: group.items.filter((slug) => !needle || matchesQuery(needle, t(`items.${slug}.q`), plainText(t(`items.${slug}.a`, faqValues)))),
      })).filter((group) => group.items.length > 0),
    [needle, t],
  );
  const found = groups.reduce((n, g) => n + g.items.length, 0);

  const toggle = (slug: FaqSlug) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (!next.delete(slug)) next.add(slug);
      return next;
    });

  async function copyLink(slug: FaqSlug) {
    const url = `${window.location.origin}/support#${ANCHOR_PREFIX}${slug}`;
    try {
      await navigator.clipboard.writeText(url);
      setCopied({ slug, ok: true });
    } catch {
      // no clipboard permission: put the link into the address bar instead
      window.history.replaceState(window.history.state, "", `#${ANCHOR_PREFIX}${slug}`);
      setCopied({ slug, ok: false });
    }
  }

  return (
    <section className="faq" aria-labelledby={headingId} data-testid="faq">
      <h2 id={headingId} className="faq-title">
        {t("title")}
      </h2>
      <p className="faq-lead">{t("lead")}</p>

      <div className="faq-search" role="search">
        <label htmlFor={searchId} className="faq-search-label">
          {t("search.label")}
        </label>
        <input
          id={searchId}
          type="search"
          className="faq-search-input"
          value={query}
          placeholder={t("search.placeholder")}
          autoComplete="off"
          onChange={(e) => setQuery(e.target.value)}
        />
      </div>
      <p className="sr-only" role="status">
        {needle ? t("search.results", { count: found }) : ""}
      </p>

      {found === 0 ? (
        <div className="faq-empty" data-testid="faq-empty">
          <p className="faq-empty-title">{t("search.empty_title")}</p>
          <p>{t("search.empty_text", { query: query.trim() })}</p>
          <button type="button" className="button" onClick={() => setQuery("")}>
            {t("search.clear")}
          </button>
        </div>
      ) : (
        groups.map((group) => (
          <section key={group.id} className="faq-group" aria-labelledby={`faq-group-${group.id}`}>
            <h3 id={`faq-group-${group.id}`} className="faq-group-title">
              {t(`groups.${group.id}`)}
            </h3>
            <ul className="faq-list">
              {group.items.map((slug) => {
                const isOpen = open.has(slug);
                const question = t(`items.${slug}.q`);
                return (
                  <li key={slug} id={`${ANCHOR_PREFIX}${slug}`} className={`faq-item${isOpen ? " is-open" : ""}`}>
                    <h4 className="faq-question-heading">
                      <button
                        type="button"
                        className="faq-question"
                        aria-expanded={isOpen}
                        aria-controls={`${ANCHOR_PREFIX}${slug}-answer`}
                        id={`${ANCHOR_PREFIX}${slug}-question`}
                        onClick={() => toggle(slug)}
                      >
                        <span>{question}</span>
                        <span className="faq-chevron" aria-hidden="true" />
                      </button>
                    </h4>
                    <div
                      id={`${ANCHOR_PREFIX}${slug}-answer`}
                      className="faq-answer"
                      role="region"
                      aria-labelledby={`${ANCHOR_PREFIX}${slug}-question`}
                      hidden={!isOpen}
                    >
                      <p>
                        <Trans t={t} i18nKey={`items.${slug}.a`} values={faqValues} components={answerLinks} />
                      </p>
                      <div className="faq-answer-tools">
                        <button type="button" className="button button-small" aria-label={t("copy.label", { question })} onClick={() => void copyLink(slug)}>
                          {t("copy.button")}
                        </button>
                        <span className="faq-copied" role="status">
                          {copied?.slug === slug ? t(copied.ok ? "copy.copied" : "copy.failed") : ""}
                        </span>
                      </div>
                    </div>
                  </li>
                );
              })}
            </ul>
          </section>
        ))
      )}
    </section>
  );
}
