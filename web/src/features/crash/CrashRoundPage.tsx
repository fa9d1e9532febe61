// /crash/:id — one round (POST /api/crash/getGame {id}): result, hashes, the provably-fair badge,
// every bet with all its items, and a verification computed in this browser (shared/fairness).
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { crashCalls } from "../../../../shared/api/crash";
import { colourClass, toHundredths } from "../../../../shared/crash-curve";
import { api, ApiError } from "../../lib/api";
import { useConfig } from "../../lib/config";
import { displayMessage } from "../../lib/i18n";
import { EmptyState } from "../../ui/EmptyState";
import { Money } from "../../ui/Money";
import { ScreenSkeleton } from "../../ui/Spinner";
import { SupportLink } from "../../ui/SupportLink";
import { BetRow } from "./BetRow";
import { RoundVerify } from "./RoundVerify";
import { roundIdFrom } from "../../lib/roundId";
import { usePreviousRound, useRoundQuery } from "../../lib/roundQuery";
import "./crash.css";

const fetchGame = (id: number) => api(crashCalls.getGame, { id }).then((a) => a.game);

export default function CrashRoundPage() {
  const { t } = useTranslation("crash");
  const { t: tCommon } = useTranslation();
  const id = roundIdFrom(useParams().id);
  const config = useConfig().data;
  const game = useRoundQuery(["crashGame"], id, fetchGame);
  const previous = usePreviousRound(["crashGame"], id === null ? null : id - 1, fetchGame, game.data?.secret_hash != null);

  if (id === null || (game.error instanceof ApiError && game.error.status === 404))
    return (
      <div className="crash-round" data-testid="crash-round-missing">
        <EmptyState title={t("round.not_found")}>
          <Link to="/">{t("round.back")}</Link>
        </EmptyState>
      </div>
    );
  if (game.isLoading) return <ScreenSkeleton />;
  if (game.error || !game.data)
    return (
      <div className="crash-round">
        <EmptyState title={displayMessage(game.error instanceof ApiError ? game.error.key : "crash_error.load_game_info", tCommon)}>
          <button type="button" className="button" onClick={() => void game.refetch()}>
            {t("round.retry")}
          </button>
        </EmptyState>
      </div>
    );

  const g = game.data;
  const crashed = g.multiplier !== null;
  return (
    <div className="crash-round" data-testid="crash-round">
      <header className="crash-round-head">
        <h1>{t("round.title", { id: g.id })}</h1>
        {crashed && (
          <span className={`crash-round-point ${colourClass(toHundredths(g.multiplier!))}`} data-testid="crash-round-point">
            {g.multiplier!.toFixed(2)}×
          </span>
        )}
        <span className={`badge crash-fair-badge${g.provably_fair ? " is-fair" : " is-unfair"}`}>{t(g.provably_fair ? "round.fair" : "round.not_fair")}</span>
      </header>
      <dl className="crash-round-facts">
        <div>
          <dt>{t("round.status")}</dt>
          <dd>{t(`round.statuses.${g.status}`)}</dd>
        </div>
        <div>
          <dt>{t("summary.bank")}</dt>
          <dd>
            <Money amount={g.bank} />
          </dd>
        </div>
        <div>
          <dt>{t("round.created")}</dt>
          <dd>{new Date(g.created_at).toLocaleString()}</dd>
        </div>
        <div>
          <dt>{t("round.day_of_month")}</dt>
          <dd>{g.day_of_month}</dd>
        </div>
        <div className="crash-round-hash">
          <dt>{t("round.public_hash")}</dt>
          <dd>
            <code>{g.public_hash}</code>
          </dd>
        </div>
        <div className="crash-round-hash">
          <dt>{t("round.secret_hash")}</dt>
          <dd>{g.secret_hash ? <code>{g.secret_hash}</code> : t("round.secret_hidden")}</dd>
        </div>
      </dl>

      {g.secret_hash && (
        <RoundVerify
          game={g}
          salt={config?.crash_salt ?? null}
          // round 1 links to the published terminating hash x_0
          previousSecret={(g.id === 1 ? config?.crash_terminal_hash : previous.data?.secret_hash) ?? null}
        />
      )}

      <section className="crash-bets">
        <h2 className="crash-section-title">{t("bets.title", { count: g.bets.length })}</h2>
        {g.bets.length === 0 ? (
          <EmptyState title={t("round.no_bets")} />
        ) : (
          <ul className="crash-bet-list crash-bet-list--all">
            {g.bets.map((b) => (
              <BetRow key={b.id} bet={b} wide all />
            ))}
          </ul>
        )}
      </section>
      <p>
        <Link to="/provably-fair" className="page-link">
          {t("hash.how")}
        </Link>
      </p>
      <p>
        <SupportLink kind="crash" id={g.id} />
      </p>
    </div>
  );
}
