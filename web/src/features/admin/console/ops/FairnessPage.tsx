// /admin/fairness: each committed hash chain (POST /api/admin/fairness/chains) — its published
// terminal hash, its length, the rounds drawn from it and the rounds left, whether its seed secret
// is set, and whether the deploy matches its announcements — and the announcement half of a
// rotation (docs/operations.md "Rotating a hash chain"): "Rotate" opens a form that announces the
// next chain's terminal hash, length and first round (POST /api/admin/fairness/announce), an open
// announcement can be withdrawn, and the steps that finish the rotation come with the announced
// values filled in. The seeds never reach D1 or this page: a rotation is still a secret and a deploy.
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ChainAnnouncementJson, ChainStatusJson } from "../../../../../../shared/api/admin-ops";
import { OPS } from "../../../../../../shared/constants";
import { isHash } from "../../../../../../shared/fairness";
import { ConfirmButton } from "../ui/ConfirmButton";
import { type Column, ConsoleTable } from "../ui/ConsoleTable";
import { useChainAnnouncement, useFairnessChains } from "./useOps";
import "./ops.css";
import "./chains.css";

/** Below this share of the chain left, the figure is marked. */
const LOW_SHARE = 0.1;

const dateTime = (at: number, language: string) => new Intl.DateTimeFormat(language, { dateStyle: "short", timeStyle: "short" }).format(at);

export default function FairnessPage() {
  const { t } = useTranslation("console_ops");
  const chains = useFairnessChains();
  const [rotating, setRotating] = useState<ChainStatusJson["chain"] | null>(null);
  const columns = useColumns(rotating, setRotating);
  const rows = chains.data?.chains ?? [];
  const list = {
    rows,
    isPending: chains.isPending,
    isError: chains.isError,
    error: chains.error,
    isFetching: chains.isFetching,
    hasNextPage: false,
    isFetchingNextPage: false,
    fetchNextPage: () => undefined,
    refetch: () => void chains.refetch(),
  };
  const selected = rows.find((c) => c.chain === rotating);
  const announced = rows.filter((c) => c.announcement !== null);
  return (
    <section className="ops-page" aria-labelledby="ops-fairness-title" data-testid="console-fairness">
      <h1 id="ops-fairness-title">{t("fairness.title")}</h1>
      <p className="ops-note">{t("fairness.intro")}</p>
      <ConsoleTable
        caption={t("fairness.caption")}
        columns={columns}
        list={list}
        rowKey={(c) => c.chain}
        empty={t("fairness.caption")}
        testId="fairness-chains"
      />
      {selected ? <RotateForm key={selected.chain} chain={selected} onClose={() => setRotating(null)} /> : null}
      {announced.map((c) => (
        <Announcement key={c.chain} chain={c} all={rows} />
      ))}
      <Rotation />
    </section>
  );
}

function useColumns(rotating: string | null, setRotating: (chain: ChainStatusJson["chain"] | null) => void): Column<ChainStatusJson>[] {
  const { t, i18n } = useTranslation("console_ops");
  const n = (v: number | null) => (v === null ? "—" : new Intl.NumberFormat(i18n.language).format(v));
  const low = (c: ChainStatusJson) => c.left !== null && c.length !== null && c.left < c.length * LOW_SHARE;
  return [
    { key: "chain", header: t("fairness.chain"), cell: (c) => <strong data-testid={`chain-${c.chain}`}>{t(`fairness.chains.${c.chain}`)}</strong> },
    {
      key: "terminal",
      header: t("fairness.terminal"),
      cell: (c) =>
        c.terminal ? (
          <code className="ops-hash" title={c.terminal}>
            {c.terminal}
          </code>
        ) : (
          <span className="ops-negative">{t("fairness.not_configured", { name: c.terminal_var })}</span>
        ),
    },
    { key: "length", header: t("fairness.length"), numeric: true, cell: (c) => n(c.length) },
    { key: "used", header: t("fairness.used"), numeric: true, cell: (c) => n(c.used) },
    {
      key: "left",
      header: t("fairness.left"),
      numeric: true,
      cell: (c) => (
        <>
          {n(c.left)}
          {low(c) ? <span className="ops-negative"> {t("fairness.low")}</span> : null}
        </>
      ),
    },
    {
      key: "seed",
      header: t("fairness.seed"),
      cell: (c) => (
        <>
          <code>{c.seed_var}</code> {c.seed_set ? t("fairness.seed_set") : <span className="ops-negative">{t("fairness.seed_missing")}</span>}
        </>
      ),
    },
    {
      key: "deploy",
      header: t("fairness.deploy"),
      cell: (c) => (
        <span className={`chains-deploy chains-deploy--${c.deploy}`} data-testid={`deploy-${c.chain}`}>
          {t(`fairness.deploy_states.${c.deploy}`)}
        </span>
      ),
    },
    {
      key: "rotate",
      header: <span className="sr-only">{t("fairness.actions")}</span>,
      cell: (c) => (
        <button
          type="button"
          className="button chains-rotate"
          aria-expanded={rotating === c.chain}
          aria-label={t("fairness.rotate_chain", { chain: t(`fairness.chains.${c.chain}`) })}
          disabled={c.announcement !== null}
          title={c.announcement !== null ? t("fairness.rotate_open") : undefined}
          data-testid={`rotate-${c.chain}`}
          onClick={() => setRotating(rotating === c.chain ? null : c.chain)}
        >
          {t("fairness.rotate")}
        </button>
      ),
    },
  ];
}

/** A positive safe integer typed as plain digits, or null. */
const roundsOf = (text: string): number | null => {
  const v = text.trim();
  return /^[1-9][0-9]{0,15}$/.test(v) && Number.isSafeInteger(Number(v)) ? Number(v) : null;
};

type Problem = "terminal" | "terminal_running" | "length" | "from" | "from_used" | "length_short";

function RotateForm({ chain, onClose }: { chain: ChainStatusJson; onClose: () => void }) {
  const { t, i18n } = useTranslation("console_ops");
  const ids = { terminal: useId(), length: useId(), from: useId(), ru: useId(), en: useId(), hint: useId() };
  const { announce } = useChainAnnouncement();
  const [values, setValues] = useState({ terminal: "", length: "", from: String(chain.used + 1), ru: "", en: "" });
  const set = (k: keyof typeof values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: e.target.value }));
  const terminal = values.terminal.trim().toLowerCase();
  const length = roundsOf(values.length);
  const from = roundsOf(values.from);
  const checks: [boolean, Problem][] = [
    [!isHash(terminal), "terminal"],
    [terminal === chain.terminal, "terminal_running"],
    [length === null, "length"],
    [from === null, "from"],
    [from !== null && from <= chain.used, "from_used"],
    [length !== null && from !== null && length < from, "length_short"],
  ];
  const problems = checks.filter(([fails]) => fails).map(([, p]) => p);
  const shown = values.terminal === "" && values.length === "" ? [] : problems;
  const name = t(`fairness.chains.${chain.chain}`);
  const n = (v: number) => new Intl.NumberFormat(i18n.language).format(v);
  const submit = (e: FormEvent) => e.preventDefault();
  return (
    <section className="ops-card chains-form" aria-labelledby={`${ids.terminal}-title`} data-testid="rotate-form">
      <h2 id={`${ids.terminal}-title`}>{t("fairness.form.title", { chain: name })}</h2>
      <p className="ops-note">{t("fairness.form.intro", { used: n(chain.used) })}</p>
      <form onSubmit={submit} className="chains-fields" aria-describedby={ids.hint}>
        <div className="console-field chains-wide">
          <label htmlFor={ids.terminal}>{t("fairness.form.terminal")}</label>
          <input
            id={ids.terminal}
            className="input"
            value={values.terminal}
            onChange={set("terminal")}
            spellCheck={false}
            autoComplete="off"
            maxLength={80}
            aria-invalid={shown.includes("terminal") || shown.includes("terminal_running")}
          />
        </div>
        <div className="console-field">
          <label htmlFor={ids.length}>{t("fairness.form.length")}</label>
          <input id={ids.length} className="input" inputMode="numeric" value={values.length} onChange={set("length")} autoComplete="off" />
        </div>
        <div className="console-field">
          <label htmlFor={ids.from}>{t("fairness.form.from_round")}</label>
          <input id={ids.from} className="input" inputMode="numeric" value={values.from} onChange={set("from")} autoComplete="off" />
        </div>
        <div className="console-field">
          <label htmlFor={ids.ru}>{t("fairness.form.note_ru")}</label>
          <textarea id={ids.ru} className="input" rows={2} maxLength={OPS.announcementNoteMax} value={values.ru} onChange={set("ru")} />
        </div>
        <div className="console-field">
          <label htmlFor={ids.en}>{t("fairness.form.note_en")}</label>
          <textarea id={ids.en} className="input" rows={2} maxLength={OPS.announcementNoteMax} value={values.en} onChange={set("en")} />
        </div>
      </form>
      <div id={ids.hint} aria-live="polite">
        {shown.length > 0 ? (
          <ul className="chains-problems">
            {shown.map((p) => (
              <li key={p}>{t(`fairness.form.problems.${p}`)}</li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="console-actions">
        <button type="button" className="button" onClick={onClose}>
          {t("fairness.form.close")}
        </button>
        <ConfirmButton
          label={t("fairness.form.announce")}
          title={t("fairness.form.confirm_title", { chain: name })}
          description={
            <>
              <p>{t("fairness.form.confirm_text", { from: from === null ? "—" : n(from), length: length === null ? "—" : n(length) })}</p>
              <code className="chains-full-hash">{terminal}</code>
            </>
          }
          disabled={problems.length > 0}
          run={async () => {
            if (length === null || from === null) return;
            await announce.mutateAsync({
              chain: chain.chain,
              terminal,
              length,
              from_round: from,
              note_ru: values.ru.trim() || null,
              note_en: values.en.trim() || null,
            });
            onClose();
          }}
          done={t("fairness.form.announced", { chain: name })}
          testId="announce-chain"
        />
      </div>
    </section>
  );
}

/** The deploy command of a chain's vars with the announced values (the jackpot's levels share one var). */
function deployCommand(c: ChainStatusJson, a: ChainAnnouncementJson, all: readonly ChainStatusJson[]): string {
  if (!c.chain.startsWith("jackpot_")) return `npx wrangler deploy --var ${c.length_var}:${a.length} --var ${c.terminal_var}:${a.terminal}`;
  const level = (l: string) => {
    const x = all.find((y) => y.chain === `jackpot_${l}`);
    return x?.announcement?.terminal ?? x?.terminal ?? "<x_0>";
  };
  const terminals = JSON.stringify({ low: level("low"), medium: level("medium"), high: level("high") });
  return `npx wrangler deploy --var ${c.length_var}:${a.length} --var '${c.terminal_var}:${terminals}'`;
}

function Announcement({ chain, all }: { chain: ChainStatusJson; all: readonly ChainStatusJson[] }) {
  const { t, i18n } = useTranslation("console_ops");
  const { withdraw } = useChainAnnouncement();
  const [copied, setCopied] = useState(false);
  const a = chain.announcement;
  if (!a) return null;
  const name = t(`fairness.chains.${chain.chain}`);
  const n = (v: number) => new Intl.NumberFormat(i18n.language).format(v);
  const commands = [`npx wrangler secret put ${chain.seed_var}`, deployCommand(chain, a, all)].join("\n");
  const copy = () =>
    void navigator.clipboard?.writeText(commands).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  return (
    <section className="ops-card chains-announcement" aria-labelledby={`announcement-${a.id}`} data-testid={`announcement-${chain.chain}`}>
      <h2 id={`announcement-${a.id}`}>{t("fairness.announcement.title", { chain: name })}</h2>
      <dl className="chains-facts">
        <div>
          <dt>{t("fairness.terminal")}</dt>
          <dd>
            <code className="chains-full-hash">{a.terminal}</code>
          </dd>
        </div>
        <div>
          <dt>{t("fairness.length")}</dt>
          <dd>{n(a.length)}</dd>
        </div>
        <div>
          <dt>{t("fairness.form.from_round")}</dt>
          <dd>{n(a.from_round)}</dd>
        </div>
        <div>
          <dt>{t("fairness.announcement.at")}</dt>
          <dd>{dateTime(a.announced_at, i18n.language)}</dd>
        </div>
        {a.note_ru ? (
          <div>
            <dt>{t("fairness.form.note_ru")}</dt>
            <dd>{a.note_ru}</dd>
          </div>
        ) : null}
        {a.note_en ? (
          <div>
            <dt>{t("fairness.form.note_en")}</dt>
            <dd>{a.note_en}</dd>
          </div>
        ) : null}
      </dl>
      <p className={chain.deploy === "unannounced" ? "ops-negative" : "ops-note"}>{t(`fairness.deploy_notes.${chain.deploy}`)}</p>
      <h3 className="chains-subtitle">{t("fairness.announcement.finish")}</h3>
      <ol className="ops-steps">
        <li>{t("fairness.announcement.step_secret", { name: chain.seed_var })}</li>
        <li>{t("fairness.announcement.step_deploy", { from: n(a.from_round), used: n(chain.used) })}</li>
        <li>{t("fairness.announcement.step_verify")}</li>
      </ol>
      {chain.chain.startsWith("jackpot_") ? <p className="ops-note">{t("fairness.announcement.jackpot")}</p> : null}
      <pre
        className="ops-code"
        data-testid={`commands-${chain.chain}`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to scroll by keyboard (axe scrollable-region-focusable)
        tabIndex={0}
        role="region"
        aria-label={t("fairness.announcement.finish")}
      >
        {commands}
      </pre>
      <div className="console-actions">
        <button type="button" className="button" onClick={copy}>
          {copied ? t("fairness.announcement.copied") : t("fairness.announcement.copy")}
        </button>
        <ConfirmButton
          label={t("fairness.announcement.withdraw")}
          title={t("fairness.announcement.withdraw_title", { chain: name })}
          description={<p>{t("fairness.announcement.withdraw_text")}</p>}
          run={() => withdraw.mutateAsync(a.id)}
          done={t("fairness.announcement.withdrawn")}
          danger
          testId={`withdraw-${chain.chain}`}
        />
      </div>
    </section>
  );
}

function Rotation() {
  const { t } = useTranslation("console_ops");
  return (
    <section className="ops-card" aria-labelledby="ops-rotation-title">
      <h2 id="ops-rotation-title">{t("fairness.rotation.title")}</h2>
      <ol className="ops-steps">
        <li>{t("fairness.rotation.step_make")}</li>
        <li>{t("fairness.rotation.step_publish")}</li>
        <li>{t("fairness.rotation.step_secret")}</li>
        <li>{t("fairness.rotation.step_vars")}</li>
        <li>{t("fairness.rotation.step_verify")}</li>
      </ol>
      <pre
        className="ops-code"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to scroll by keyboard (axe scrollable-region-focusable)
        tabIndex={0}
        role="region"
        aria-label={t("fairness.rotation.title")}
      >
        {`node scripts/new-crash-chain.mjs <N>     # crash, wheel, bonus, giveaways
node scripts/new-jackpot-chain.mjs        # the three jackpot chains
npx wrangler secret put CRASH_CHAIN_SEED
npx wrangler deploy --var CRASH_CHAIN_LENGTH:<N> --var CRASH_CHAIN_TERMINAL:<x_0>`}
      </pre>
      <p className="ops-note">{t("fairness.rotation.note")}</p>
    </section>
  );
}
