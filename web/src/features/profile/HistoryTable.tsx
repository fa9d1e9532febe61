// The game-mode history tables with the columns of §3 "History columns" as they apply to each
// mode, fed a page at a time by POST /api/user/history/<mode> (useHistory.ts). Every row links to
// its round: /crash/{id}, /jackpot/{id}, /wheel/{id}; a case opening to its case, with a link to
// that case's roll check filled with the roll's seed hash, client seed and nonce.
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { CaseHistoryRow, CrashHistoryRow, GameHistoryMode, JackpotHistoryRow, WheelHistoryRow } from "../../../../shared/api/history";
import type { ItemJson } from "../../../../shared/api/crash";
import type { WheelColour } from "../../../../shared/wheel-layout";
import { ItemImage } from "../../ui/ItemImage";
import { useItemName } from "../../ui/itemWords";
import { SupportLink } from "../../ui/SupportLink";
import { dateTime, ratio, usd } from "./format";
import { betStatus, caseVerifyHref, type GameStatus } from "./historyRows";
import { ProfileTable } from "./ProfileTable";
import { type PagedList, useCasesHistory, useCrashHistory, useJackpotHistory, useWheelHistory } from "./useHistory";

type Column = "game" | "case" | "bet" | "items" | "item" | "placed" | "result" | "multiplier" | "status" | "earnings" | "date" | "verify";

interface ColumnDef<R> {
  key: Column;
  cell(row: R): ReactNode;
}

const ITEMS_SHOWN = 3;

const CRASH: ColumnDef<CrashHistoryRow>[] = [
  { key: "game", cell: (r) => <RoundLink to={`/crash/${r.game_id}`} id={r.game_id} /> },
  { key: "bet", cell: (r) => usd(r.bank) },
  { key: "items", cell: (r) => <Items items={r.items} /> },
  { key: "multiplier", cell: (r) => ratio(r.multiplier) },
  { key: "status", cell: (r) => <Status status={betStatus(r.is_win)} /> },
  { key: "earnings", cell: (r) => <Earnings dollars={r.win} /> },
  { key: "date", cell: (r) => <When at={r.created_at} /> },
];

const JACKPOT: ColumnDef<JackpotHistoryRow>[] = [
  { key: "game", cell: (r) => <RoundLink to={`/jackpot/${r.game_id}`} id={r.game_id} /> },
  { key: "bet", cell: (r) => usd(r.bank) },
  { key: "items", cell: (r) => <Items items={r.items} /> },
  { key: "multiplier", cell: (r) => ratio(r.multiplier) },
  { key: "status", cell: (r) => <Status status={r.status} /> },
  { key: "earnings", cell: (r) => <Earnings dollars={r.win} /> },
  { key: "date", cell: (r) => <When at={r.created_at} /> },
];

const WHEEL: ColumnDef<WheelHistoryRow>[] = [
  { key: "game", cell: (r) => <RoundLink to={`/wheel/${r.game_id}`} id={r.game_id} /> },
  { key: "bet", cell: (r) => usd(r.bank) },
  { key: "items", cell: (r) => <Items items={r.items} /> },
  { key: "placed", cell: (r) => <Colour colour={r.colour} /> },
  { key: "result", cell: (r) => <Colour colour={r.result_colour} /> },
  { key: "multiplier", cell: (r) => ratio(r.multiplier) },
  { key: "status", cell: (r) => <Status status={betStatus(r.is_win)} /> },
  { key: "earnings", cell: (r) => <Earnings dollars={r.win} /> },
  { key: "date", cell: (r) => <When at={r.created_at} /> },
];

const CASES: ColumnDef<CaseHistoryRow>[] = [
  { key: "case", cell: (r) => <CaseLink row={r} /> },
  { key: "bet", cell: (r) => usd(r.price) },
  { key: "item", cell: (r) => <Items items={[r.item]} named /> },
  { key: "multiplier", cell: (r) => ratio(r.multiplier) },
  { key: "earnings", cell: (r) => <Earnings dollars={r.item.price} /> },
  { key: "date", cell: (r) => <When at={r.created_at} /> },
  { key: "verify", cell: (r) => <VerifyLink row={r} /> },
];

/** The own profile's openings: the check, and a ticket about the opening (a case opening is the player's own reference). */
const OWN_CASES: ColumnDef<CaseHistoryRow>[] = [
  ...CASES.filter((c) => c.key !== "verify"),
  {
    key: "verify",
    cell: (r) => (
      <>
        <VerifyLink row={r} /> <SupportLink kind="case" id={r.id} className="history-round-link" />
      </>
    ),
  },
];

/** The selected mode's table of the player `userId` (one list query per mounted table). */
export function GameHistory({ mode, userId, own = false }: { mode: GameHistoryMode; userId: number; own?: boolean }) {
  switch (mode) {
    case "crash":
      return <CrashHistory userId={userId} />;
    case "jackpot":
      return <JackpotHistory userId={userId} />;
    case "wheel":
      return <WheelHistory userId={userId} />;
    case "cases":
      return <CasesHistory userId={userId} own={own} />;
    default: {
      const never: never = mode;
      return never;
    }
  }
}

function CrashHistory({ userId }: { userId: number }) {
  return <Table mode="crash" columns={CRASH} list={useCrashHistory(userId)} rowKey={(r) => r.id} />;
}
function JackpotHistory({ userId }: { userId: number }) {
  return <Table mode="jackpot" columns={JACKPOT} list={useJackpotHistory(userId)} rowKey={(r) => String(r.game_id)} />;
}
function WheelHistory({ userId }: { userId: number }) {
  return <Table mode="wheel" columns={WHEEL} list={useWheelHistory(userId)} rowKey={(r) => r.id} />;
}
function CasesHistory({ userId, own }: { userId: number; own: boolean }) {
  return <Table mode="cases" columns={own ? OWN_CASES : CASES} list={useCasesHistory(userId)} rowKey={(r) => String(r.id)} />;
}

interface TableProps<R> {
  mode: GameHistoryMode;
  columns: ColumnDef<R>[];
  list: PagedList<R>;
  rowKey(row: R): string;
}

function Table<R>({ mode, columns, list, rowKey }: TableProps<R>) {
  const { t } = useTranslation("profile");
  const heading = (c: Column) => t(`history.columns.${c}`);
  return (
    <ProfileTable
      columns={columns.map((c) => c.key)}
      heading={heading}
      list={list}
      empty={t(`history.empty.${mode}`)}
      failed={t("history.load_failed")}
      label={t("history.table", { mode: t(`modes.${mode}`, { ns: "layout" }) })}
    >
      {(rows) =>
        rows.map((row) => (
          <tr key={rowKey(row)} data-testid="history-row">
            {columns.map((c) => (
              <td key={c.key} data-label={heading(c.key)}>
                {c.cell(row)}
              </td>
            ))}
          </tr>
        ))
      }
    </ProfileTable>
  );
}

function RoundLink({ to, id }: { to: string; id: number }) {
  return (
    <Link to={to} className="history-round-link">
      #{id}
    </Link>
  );
}

function CaseLink({ row }: { row: CaseHistoryRow }) {
  return (
    <Link to={`/cases/${row.case_id}`} className="history-round-link">
      {row.case_name}
    </Link>
  );
}

function VerifyLink({ row }: { row: CaseHistoryRow }) {
  const { t } = useTranslation("profile");
  return (
    <Link to={caseVerifyHref(row)} className="history-round-link" aria-label={t("history.verify_label", { nonce: row.nonce })}>
      {t("history.verify")}
    </Link>
  );
}

function Status({ status }: { status: GameStatus }) {
  const { t } = useTranslation("profile");
  return <span className={`profile-status profile-status--${status}`}>{t(`history.status.${status}`)}</span>;
}

function Earnings({ dollars }: { dollars: number }) {
  return <span className={dollars > 0 ? "profile-money" : undefined}>{dollars > 0 ? usd(dollars) : "—"}</span>;
}

function When({ at }: { at: number }) {
  const { i18n } = useTranslation("profile");
  return <span className="profile-date">{dateTime(new Date(at), i18n.language)}</span>;
}

function Items({ items, named = false }: { items: ItemJson[]; named?: boolean }) {
  const itemName = useItemName();
  if (items.length === 0) return <>—</>;
  const more = items.length - ITEMS_SHOWN;
  return (
    <span className="profile-items">
      {items.slice(0, ITEMS_SHOWN).map((it, i) => (
        <ItemImage key={`${it.id}:${i}`} name={it.market_hash_name} image={it.image} rarityColor={it.rarity_color} size={48} />
      ))}
      {more > 0 && <span className="profile-items__more">+{more}</span>}
      {named && items[0] && <span className="profile-items__name">{itemName(items[0].market_hash_name)}</span>}
    </span>
  );
}

function Colour({ colour }: { colour: WheelColour | null }) {
  const { t } = useTranslation("profile");
  if (!colour) return <>—</>;
  return (
    <span className="profile-colour">
      <span className={`profile-colour__dot profile-colour__dot--${colour}`} aria-hidden="true" />
      {t(`history.colours.${colour}`)}
    </span>
  );
}
