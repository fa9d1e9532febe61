// /admin/cases/:id (or /admin/cases/new): a case's name, picture, price, priority and items — each
// a catalogue entry with an integer weight. The chances, the EV and the RTP are recomputed as you
// type with the server's own formula (casePreview.ts → shared/case-odds.ts), against the band a
// published case needs. Save (create / update) and Publish / Unpublish confirm first; a refusal
// (cases_api.rtp_out_of_band, invalid_price, …) shows in the dialog.
import { type FormEvent, type ReactNode, useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { type AdminCaseJson, type AdminCatalogueItemJson, casesCalls } from "../../../../../../shared/api/cases";
import { priceForRtp } from "../../../../../../shared/case-odds";
import { CASES } from "../../../../../../shared/constants";
import { formatCents, toCents } from "../../../../../../shared/money";
import { api, failureKey } from "../../../../lib/api";
import { displayMessage } from "../../../../lib/i18n";
import { formatDollars } from "../../../../ui/Money";
import { Skeleton } from "../../../../ui/Spinner";
import { LoadFailed } from "../../../../ui/StateNote";
import { ConfirmButton } from "../ui/ConfirmButton";
import { CataloguePicker } from "./CataloguePicker";
import { type DraftItem, parsePriceCents, parseWeight, previewCase } from "./casePreview";
import { useAdminCase, useInvalidate } from "./useEconomy";
import "./economy.css";

type EditorItem = DraftItem & { name: string; market_hash_name: string; rarity_color: string };

interface Draft {
  name: string;
  image: string;
  price: string;
  priority: string;
  items: EditorItem[];
}

function draftOf(c: AdminCaseJson | null): Draft {
  if (!c) return { name: "", image: "", price: "", priority: "0", items: [] };
  return {
    name: c.name,
    image: c.image,
    price: formatCents(toCents(c.price)),
    priority: String(c.priority),
    items: c.items.map((i) => ({
      catalogue_id: i.id,
      price: i.price,
      weight: String(i.weight),
      name: i.name,
      market_hash_name: i.market_hash_name,
      rarity_color: i.rarity_color,
    })),
  };
}

const sameDraft = (a: Draft, b: Draft) => JSON.stringify(a) === JSON.stringify(b);

export default function CaseEditorPage() {
  const { t } = useTranslation("console_economy");
  const { t: tCommon } = useTranslation();
  const { id: raw } = useParams();
  const id = raw && raw !== "new" && /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null;
  const cases = useAdminCase(id);
  let body: ReactNode;
  if (raw === "new") body = <Editor key="new" saved={null} />;
  else if (id === null) body = <p className="state-note">{t("editor.not_found")}</p>;
  else if (cases.isPending) body = <Skeleton width="100%" height={240} />;
  else if (cases.isError)
    body = (
      <LoadFailed
        message={displayMessage(failureKey(cases.error, "console_error.load") ?? "console_error.load", tCommon)}
        onRetry={() => void cases.refetch()}
      />
    );
  else {
    const found = cases.data.cases[0] ?? null;
    body = found ? <Editor key={`${found.id}:${found.updated_at}`} saved={found} /> : <p className="state-note">{t("editor.not_found")}</p>;
  }
  return (
    <div className="economy-editor">
      <p>
        <Link to="/admin/cases">{t("editor.back")}</Link>
      </p>
      {body}
    </div>
  );
}

function Editor({ saved }: { saved: AdminCaseJson | null }) {
  const { t } = useTranslation("console_economy");
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const initial = useMemo(() => draftOf(saved), [saved]);
  const [draft, setDraft] = useState<Draft>(initial);
  const ids = { name: useId(), image: useId(), price: useId(), priority: useId(), rtp: useId(), title: useId() };
  const preview = previewCase(draft.items, draft.price);
  const dirty = !sameDraft(draft, initial);
  const weightsOk = draft.items.length > 0 && draft.items.every((i) => parseWeight(i.weight) !== null);
  const priceCents = parsePriceCents(draft.price);
  const priority = /^-?\d{1,7}$/.test(draft.priority.trim()) ? Number(draft.priority.trim()) : null;
  const valid = draft.name.trim() !== "" && weightsOk && priceCents !== null && priority !== null && Math.abs(priority) <= 1_000_000;

  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const setWeight = (catalogueId: number, weight: string) =>
    setDraft((d) => ({ ...d, items: d.items.map((i) => (i.catalogue_id === catalogueId ? { ...i, weight } : i)) }));
  const remove = (catalogueId: number) => setDraft((d) => ({ ...d, items: d.items.filter((i) => i.catalogue_id !== catalogueId) }));
  const add = (entry: AdminCatalogueItemJson) =>
    setDraft((d) =>
      d.items.some((i) => i.catalogue_id === entry.id) || d.items.length >= CASES.maxItemsPerCase
        ? d
        : {
            ...d,
            items: [
              ...d.items,
              {
                catalogue_id: entry.id,
                price: entry.price,
                weight: "1",
                name: entry.name,
                market_hash_name: entry.market_hash_name,
                rarity_color: entry.rarity_color,
              },
            ].sort((a, b) => a.catalogue_id - b.catalogue_id),
          },
    );
  const priceAtTarget = () => {
    if (!weightsOk) return;
    const cents = priceForRtp(
      draft.items.map((i) => ({ weight: parseWeight(i.weight) as number, price: toCents(i.price) })),
      CASES.defaultRtpPercent,
    );
    set({ price: formatCents(cents) });
  };

  const save = async () => {
    const fields = {
      name: draft.name.trim(),
      image: draft.image.trim(),
      price: (priceCents ?? 0) / 100,
      priority: priority ?? 0,
      items: draft.items.map((i) => ({ catalogue_id: i.catalogue_id, weight: parseWeight(i.weight) ?? 0 })),
    };
    if (saved) {
      await api(casesCalls.adminUpdate, { id: saved.id, ...fields });
      await invalidate.cases();
    } else {
      const created = await api(casesCalls.adminCreate, { ...fields, active: false });
      await invalidate.cases();
      void navigate(`/admin/cases/${created.case.id}`, { replace: true });
    }
  };
  const publish = async (published: boolean) => {
    if (!saved) return;
    await api(casesCalls.adminPublish, { case_id: saved.id, published });
    await invalidate.cases();
  };

  const onSubmit = (e: FormEvent) => e.preventDefault();
  const rtpText = preview.rtp === null ? "—" : t("cases.rtp_value", { rtp: preview.rtp.toFixed(2) });

  return (
    <section className="console-card economy-page" aria-labelledby={ids.title}>
      <div className="economy-head">
        <h1 id={ids.title}>{saved ? t("editor.title", { name: saved.name }) : t("editor.new_title")}</h1>
        {saved ? (
          <span className={`economy-state economy-state--${saved.active ? "on" : "off"}`} data-testid="economy-case-state">
            {t(saved.active ? "cases.published" : "cases.hidden")}
          </span>
        ) : null}
      </div>
      <form className="economy-form" onSubmit={onSubmit} noValidate>
        <div className="economy-grid">
          <div className="console-field">
            <label htmlFor={ids.name}>{t("editor.name")}</label>
            <input id={ids.name} className="input" value={draft.name} maxLength={100} required onChange={(e) => set({ name: e.target.value })} />
          </div>
          <div className="console-field">
            <label htmlFor={ids.image}>{t("editor.image")}</label>
            <input id={ids.image} className="input" value={draft.image} maxLength={500} onChange={(e) => set({ image: e.target.value })} />
          </div>
          <div className="console-field">
            <label htmlFor={ids.price}>{t("editor.price")}</label>
            <input
              id={ids.price}
              className="input"
              inputMode="decimal"
              value={draft.price}
              aria-invalid={draft.price !== "" && priceCents === null ? true : undefined}
              onChange={(e) => set({ price: e.target.value })}
            />
            <button type="button" className="button economy-link-button" disabled={!weightsOk} onClick={priceAtTarget}>
              {t("editor.price_for_rtp", { rtp: CASES.defaultRtpPercent })}
            </button>
          </div>
          <div className="console-field">
            <label htmlFor={ids.priority}>{t("editor.priority")}</label>
            <input id={ids.priority} className="input" inputMode="numeric" value={draft.priority} onChange={(e) => set({ priority: e.target.value })} />
          </div>
        </div>

        <dl className="console-facts economy-summary" aria-live="polite">
          <dt>
            <label htmlFor={ids.rtp}>{t("editor.rtp")}</label>
          </dt>
          <dd>
            <output id={ids.rtp} className={preview.rtp !== null && !preview.inBand ? "economy-out" : undefined} data-testid="economy-rtp">
              {rtpText}
            </output>
            {preview.rtp === null ? null : (
              <span className={preview.inBand ? "economy-in" : "economy-out"}> {t(preview.inBand ? "editor.in_band" : "editor.out_of_band")}</span>
            )}
          </dd>
          <dt>{t("editor.band")}</dt>
          <dd>{t("editor.band_value", { min: CASES.rtpBounds.min, max: CASES.rtpBounds.max })}</dd>
          <dt>{t("cases.ev")}</dt>
          <dd>{preview.ev === null ? "—" : formatDollars(preview.ev)}</dd>
        </dl>

        <h2 className="economy-subtitle">{t("editor.items_title", { count: draft.items.length })}</h2>
        {draft.items.length === 0 ? (
          <p className="state-note">{t("editor.no_items")}</p>
        ) : (
          <div className="console-table-box">
            <table className="console-table" data-testid="economy-case-items">
              <caption className="sr-only">{t("editor.items_caption")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("editor.item")}</th>
                  <th scope="col" className="is-numeric">
                    {t("cases.price")}
                  </th>
                  <th scope="col" className="is-numeric">
                    {t("editor.weight")}
                  </th>
                  <th scope="col" className="is-numeric">
                    {t("editor.chance")}
                  </th>
                  <th scope="col">
                    <span className="sr-only">{t("editor.actions")}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {draft.items.map((it, i) => {
                  const chance = preview.chances[i];
                  const bad = parseWeight(it.weight) === null;
                  return (
                    <tr key={it.catalogue_id}>
                      <td className="economy-item-name">
                        <span className="economy-rarity" style={{ background: it.rarity_color }} aria-hidden="true" /> {it.market_hash_name}
                      </td>
                      <td className="is-numeric">{formatDollars(it.price)}</td>
                      <td className="is-numeric">
                        <input
                          className="input economy-weight"
                          inputMode="numeric"
                          value={it.weight}
                          aria-label={t("editor.weight_of", { name: it.market_hash_name })}
                          aria-invalid={bad || undefined}
                          onChange={(e) => setWeight(it.catalogue_id, e.target.value)}
                        />
                      </td>
                      <td className="is-numeric" aria-label={t("editor.chance_of", { name: it.market_hash_name })}>
                        {chance === null || chance === undefined ? "—" : t("editor.chance_value", { chance: chance.toFixed(4) })}
                      </td>
                      <td>
                        <button
                          type="button"
                          className="button"
                          aria-label={t("editor.remove", { name: it.market_hash_name })}
                          onClick={() => remove(it.catalogue_id)}
                        >
                          ×
                        </button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        <div className="economy-search">
          <h2 className="economy-subtitle">{t("editor.add_title")}</h2>
          <CataloguePicker
            isTaken={(id) => draft.items.some((i) => i.catalogue_id === id)}
            full={draft.items.length >= CASES.maxItemsPerCase}
            pickText={t("catalogue.pick")}
            onPick={add}
          />
        </div>

        <div className="console-actions economy-actions">
          <ConfirmButton
            label={t("editor.save")}
            title={t("editor.save_title")}
            description={t("editor.save_text", { rtp: rtpText })}
            disabled={!valid || (!dirty && saved !== null)}
            run={save}
            done={t("editor.saved")}
          />
          {saved ? (
            saved.active ? (
              <ConfirmButton
                label={t("editor.unpublish")}
                title={t("editor.unpublish_title")}
                description={t("editor.unpublish_text")}
                run={() => publish(false)}
                done={t("editor.unpublished")}
                danger
              />
            ) : (
              <ConfirmButton
                label={t("editor.publish")}
                title={t("editor.publish_title")}
                description={dirty ? t("editor.publish_unsaved") : t("editor.publish_text", { rtp: t("cases.rtp_value", { rtp: saved.rtp.toFixed(2) }) })}
                run={() => publish(true)}
                done={t("editor.published")}
              />
            )
          ) : null}
        </div>
        {saved && dirty ? <p className="console-hint">{t("editor.unsaved")}</p> : null}
      </form>
    </section>
  );
}
