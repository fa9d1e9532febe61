// One game-mode history table with the columns of §3 "History columns".
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ItemImage } from "../../ui/ItemImage";
import { dateTime, ratio, usd } from "./format";
import { toHistoryRow, type HistoryItem, type HistoryRow } from "./historyRows";
import { ProfileTable } from "./ProfileTable";

export type HistoryMode = "crash" | "jackpot" | "wheel";
type Column = "game" | "bet" | "items" | "placed" | "result" | "multiplier" | "status" | "earnings" | "date";

const COLUMNS: Record<HistoryMode, readonly Column[]> = {
  crash: ["game", "bet", "items", "multiplier", "status", "earnings", "date"],
  jackpot: ["game", "bet", "items", "status", "earnings", "date"],
  wheel: ["game", "bet", "items", "placed", "result", "status", "earnings", "date"],
};

const ITEMS_SHOWN = 3;

export function HistoryTable({ mode, rows }: { mode: HistoryMode; rows: Record<string, unknown>[] | undefined }) {
  const { t } = useTranslation("profile");
  const columns = COLUMNS[mode];
  const heading = (c: Column) => t(`history.columns.${c}`);
  return (
    <ProfileTable columns={columns} heading={heading} rows={rows} empty={t(`history.empty.${mode}`)} label={t("history.title")}>
      {(list) =>
        list.map(toHistoryRow).map((row) => (
          <tr key={row.key}>
            {columns.map((c) => (
              <td key={c} data-label={heading(c)}>
                <Cell column={c} mode={mode} row={row} />
              </td>
            ))}
          </tr>
        ))
      }
    </ProfileTable>
  );
}

function Cell({ column, mode, row }: { column: Column; mode: HistoryMode; row: HistoryRow }) {
  const { t, i18n } = useTranslation("profile");
  switch (column) {
    case "game":
      if (row.gameId === null) return <>—</>;
      return mode === "crash" ? (
        <Link to={`/crash/${row.gameId}`} className="history-round-link">
          #{row.gameId}
        </Link>
      ) : (
        <>#{row.gameId}</>
      );
    case "bet":
      return <>{usd(row.bet)}</>;
    case "items":
      return <Items items={row.items} />;
    case "placed":
      return <Colour colour={row.placedColour} />;
    case "result":
      return <Colour colour={row.resultColour} />;
    case "multiplier":
      return <>{ratio(row.multiplier)}</>;
    case "status":
      return row.status ? <span className={`profile-status profile-status--${row.status}`}>{t(`history.status.${row.status}`)}</span> : <>—</>;
    case "earnings":
      return <span className={row.earnings ? "profile-money" : undefined}>{usd(row.earnings)}</span>;
    case "date":
      return <>{dateTime(row.date, i18n.language)}</>;
    default: {
      const never: never = column;
      return never;
    }
  }
}

function Items({ items }: { items: HistoryItem[] }) {
  if (items.length === 0) return <>—</>;
  const more = items.length - ITEMS_SHOWN;
  return (
    <span className="profile-items">
      {items.slice(0, ITEMS_SHOWN).map((it, i) => (
        <ItemImage key={i} name={it.name} image={it.image} rarityColor={it.rarityColor} size={48} />
      ))}
      {more > 0 && <span className="profile-items__more">+{more}</span>}
    </span>
  );
}

const COLOURS = ["black", "green", "red", "yellow"] as const;
type Colour = (typeof COLOURS)[number];
const isKnownColour = (c: string): c is Colour => (COLOURS as readonly string[]).includes(c);

function Colour({ colour }: { colour: string | null }) {
  const { t } = useTranslation("profile");
  if (!colour) return <>—</>;
  const known = isKnownColour(colour);
  return (
    <span className="profile-colour">
      <span className={`profile-colour__dot profile-colour__dot--${known ? colour : "other"}`} aria-hidden="true" />
      {isKnownColour(colour) ? t(`history.colours.${colour}`) : colour}
    </span>
  );
}
