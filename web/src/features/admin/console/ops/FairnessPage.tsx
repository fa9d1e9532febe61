// /admin/fairness: each committed hash chain (POST /api/admin/fairness/chains) — its published
// terminal hash, its length, the rounds drawn from it and the rounds left, and whether its seed
// secret is set — and how to rotate one (docs/operations.md "Rotating a hash chain"). Read-only:
// a rotation is a new secret and new vars, deployed; the seeds never reach D1 or this page.
import { useTranslation } from "react-i18next";
import type { ChainStatusJson } from "../../../../../../shared/api/admin-ops";
import { type Column, ConsoleTable } from "../ui/ConsoleTable";
import { useFairnessChains } from "./useOps";
import "./ops.css";

/** Below this share of the chain left, the figure is marked. */
const LOW_SHARE = 0.1;

export default function FairnessPage() {
  const { t } = useTranslation("console_ops");
  const chains = useFairnessChains();
  const columns = useColumns();
  const list = {
    rows: chains.data?.chains ?? [],
    isPending: chains.isPending,
    isError: chains.isError,
    error: chains.error,
    isFetching: chains.isFetching,
    hasNextPage: false,
    isFetchingNextPage: false,
    fetchNextPage: () => undefined,
    refetch: () => void chains.refetch(),
  };
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
      <Rotation />
    </section>
  );
}

function useColumns(): Column<ChainStatusJson>[] {
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
  ];
}

function Rotation() {
  const { t } = useTranslation("console_ops");
  return (
    <section className="ops-card" aria-labelledby="ops-rotation-title">
      <h2 id="ops-rotation-title">{t("fairness.rotation.title")}</h2>
      <ol className="ops-steps">
        <li>{t("fairness.rotation.step_make")}</li>
        <li>{t("fairness.rotation.step_secret")}</li>
        <li>{t("fairness.rotation.step_vars")}</li>
        <li>{t("fairness.rotation.step_publish")}</li>
      </ol>
      <pre className="ops-code">
        {`node scripts/new-crash-chain.mjs <N>     # crash, wheel, bonus, giveaways
node scripts/new-jackpot-chain.mjs        # the three jackpot chains
npx wrangler secret put CRASH_CHAIN_SEED
npx wrangler deploy --var CRASH_CHAIN_LENGTH:<N> --var CRASH_CHAIN_TERMINAL:<x_0>`}
      </pre>
      <p className="ops-note">{t("fairness.rotation.note")}</p>
    </section>
  );
}
