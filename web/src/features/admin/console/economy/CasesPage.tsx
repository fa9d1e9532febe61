// /admin/cases: every case (published or not) with its price, EV, RTP at current catalogue prices
// and whether that RTP lies in the band a published case needs; each opens its editor. The server
// pages the table by keyset, sorted by name, price or RTP (the sort is in the URL).
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type AdminCaseJson, CASE_SORTS, type CaseSort, casesCalls } from "../../../../../../shared/api/cases";
import { rtpInBand } from "../../../../../../shared/case-odds";
import { CASES } from "../../../../../../shared/constants";
import { formatDollars } from "../../../../ui/Money";
import { type Column, ConsoleTable } from "../ui/ConsoleTable";
import { useKeysetList } from "../ui/useKeysetList";
import { useUrlFilters } from "../ui/useUrlFilters";
import { CASES_LIST } from "./useEconomy";
import "./economy.css";

const SORTS = Object.keys(CASE_SORTS) as CaseSort[];

export default function CasesPage() {
  const { t } = useTranslation("console_economy");
  const f = useUrlFilters();
  const sort = f.choice("sort", SORTS, "name");
  const list = useKeysetList(CASES_LIST, casesCalls.adminList, { sort }, { rows: (a) => a.cases, next: (a) => a.next_cursor });
  const columns: Column<AdminCaseJson>[] = [
    { key: "name", header: t("cases.name"), cell: (c) => <Link to={`/admin/cases/${c.id}`}>{c.name}</Link>, sort: { ascending: "name" } },
    { key: "price", header: t("cases.price"), cell: (c) => formatDollars(c.price), numeric: true, sort: { ascending: "price" } },
    { key: "ev", header: t("cases.ev"), cell: (c) => formatDollars(c.ev), numeric: true },
    { key: "rtp", header: t("cases.rtp"), cell: (c) => <Rtp kase={c} />, numeric: true, sort: { descending: "rtp" } },
    { key: "items", header: t("cases.items"), cell: (c) => c.items.length, numeric: true },
    {
      key: "state",
      header: t("cases.state"),
      cell: (c) => <span className={`economy-state economy-state--${c.active ? "on" : "off"}`}>{t(c.active ? "cases.published" : "cases.hidden")}</span>,
    },
  ];
  return (
    <section className="console-card economy-page" aria-labelledby="economy-cases-title">
      <div className="economy-head">
        <h1 id="economy-cases-title">{t("cases.title")}</h1>
        <Link className="button button-primary" to="/admin/cases/new">
          {t("cases.new")}
        </Link>
      </div>
      <p className="console-hint">{t("cases.band", { min: CASES.rtpBounds.min, max: CASES.rtpBounds.max })}</p>
      <ConsoleTable
        caption={t("cases.title")}
        columns={columns}
        list={list}
        rowKey={(c) => c.id}
        empty={t("cases.empty")}
        sort={{ value: sort, set: (v) => f.set("sort", v === "name" ? null : v) }}
        testId="economy-cases"
      />
    </section>
  );
}

function Rtp({ kase: c }: { kase: AdminCaseJson }) {
  const { t } = useTranslation("console_economy");
  const inBand = c.items.length > 0 && rtpInBand(c.rtp);
  return (
    <>
      <span className={inBand ? undefined : "economy-out"}>{t("cases.rtp_value", { rtp: c.rtp.toFixed(2) })}</span>
      {inBand ? null : <span className="sr-only"> {t("cases.out_of_band")}</span>}
    </>
  );
}
