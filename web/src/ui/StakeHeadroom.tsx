// The room a player's own limits leave for one stake (docs/protection.md "Limits"), under a bet
// form or a case's Open button: the largest stake he set, or what his loss limit leaves until its
// period starts again, with a link to the limits page.
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { toDollars } from "../../../shared/money";
import type { StakeHeadroom as Headroom } from "../lib/protection";
import { formatDollars } from "./Money";
import "./stake-headroom.css";

export function StakeHeadroom({ headroom }: { headroom: Headroom | null }) {
  const { t, i18n } = useTranslation("common");
  if (headroom === null) return null;
  const amount = formatDollars(toDollars(headroom.cents));
  const until =
    headroom.resetsAt === null ? null : new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(headroom.resetsAt);
  return (
    <p className="stake-headroom" data-testid="stake-headroom">
      {until === null ? t("stake.headroom.stake", { amount }) : t("stake.headroom.loss", { amount, date: until })}{" "}
      <Link to="/limits" className="stake-headroom__link">
        {t("stake.headroom.link")}
      </Link>
    </p>
  );
}
