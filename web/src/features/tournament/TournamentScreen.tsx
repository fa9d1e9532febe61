// /tournament (spec §2 Tournament): the running tournament — name and description in the UI
// language, the countdown, the prizes, joining with its conditions, the live table (hub frames
// through live.ts), the points rule — and the past tournaments with their winners.
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../ui/EmptyState";
import { TrophyIcon } from "../../ui/icons";
import { Skeleton } from "../../ui/Spinner";
import { LoadFailed } from "../../ui/StateNote";
import { clockOffset } from "./clock";
import { Countdown } from "./Countdown";
import { JoinCard } from "./JoinCard";
import { PastTournaments } from "./PastTournaments";
import { formatPoints } from "./points";
import { Prizes } from "./Prizes";
import { useTournament } from "./queries";
import { Standings } from "./Standings";
import "./tournament.css";

export default function TournamentScreen() {
  const { t, i18n } = useTranslation("tournament");
  const lang = i18n.language === "en" ? "en" : "ru";
  const [page, setPage] = useState(1);
  // the id whose countdown reached zero: the page asks again until the payout is in
  const [zeroOf, setZeroOf] = useState<number | null>(null);
  const query = useTournament(lang, page, zeroOf !== null);
  const data = query.data;
  // a finished one (status 1) is listed with the past tournaments: the page shows only a running one
  const running = data?.tournament?.status === 0 ? data.tournament : null;
  // the last one canceled by staff (status 2): said so instead of a countdown
  const canceled = data?.tournament?.status === 2 ? data.tournament : null;
  const onZero = useCallback(() => setZeroOf(running?.id ?? null), [running?.id]);
  const ending = running !== null && zeroOf === running.id;

  if (query.isPending) {
    return (
      <div className="tournament-page" aria-busy="true">
        <Skeleton width="60%" height={32} />
        <Skeleton width="100%" height={120} />
        <Skeleton width="100%" height={240} />
      </div>
    );
  }
  if (query.isError || !data) {
    return (
      <div className="tournament-page">
        <h1>{t("title")}</h1>
        <LoadFailed message={t("tournament_error.load", { ns: "errors" })} onRetry={() => void query.refetch()} primary />
      </div>
    );
  }

  return (
    <div className="tournament-page" data-testid="tournament-screen">
      {running ? (
        <header className="tournament-head">
          <div className="tournament-head__title">
            <TrophyIcon />
            <h1 data-testid="tournament-name">{running.name}</h1>
            <span className="tournament-badge">{t("status_running")}</span>
          </div>
          {running.description ? <p className="tournament-head__text">{running.description}</p> : null}
          <p className="tournament-head__meta">
            <span data-testid="tournament-members">{t("members", { count: running.members })}</span>
            {data.me ? (
              <span data-testid="tournament-own-summary">
                {t("place", { place: data.me.place })} · {t("points", { count: data.me.points, formatted: formatPoints(data.me.points, lang) })}
              </span>
            ) : null}
          </p>
          <Countdown endTime={running.end_time} offset={clockOffset(data.server_time, query.dataUpdatedAt)} onZero={onZero} />
        </header>
      ) : (
        <>
          <h1 className="sr-only">{t("title")}</h1>
          <EmptyState title={t("empty_title")} icon={<TrophyIcon />}>
            {canceled ? (
              <p role="status" data-testid="tournament-canceled">
                {t("canceled_notice", { name: canceled.name })}
              </p>
            ) : null}
            <p>{t("empty_text")}</p>
          </EmptyState>
        </>
      )}
      <div className={`tournament-grid${running ? "" : " tournament-grid--join-only"}`}>
        {running ? <Prizes tournament={running} /> : null}
        <JoinCard running={running} me={running ? data.me : null} ending={ending} />
      </div>
      {running ? <Standings users={data.users} me={data.me} page={data.page} hasMore={data.has_more} onPage={setPage} /> : null}
      <section className="tournament-card" aria-labelledby="tournament-rule-title">
        <h2 id="tournament-rule-title">{t("rule_title")}</h2>
        <p>{t("rule")}</p>
        <p>{t("rule_prizes")}</p>
      </section>
      <PastTournaments history={data.history} />
    </div>
  );
}
