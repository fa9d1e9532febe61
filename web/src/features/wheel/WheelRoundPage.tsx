// /wheel/:id — one round (POST /api/wheel/round {id}): where the wheel landed, the hashes, the
// salt, every bet by colour with all its items, and the verification computed in this browser.
import { useTranslation } from "react-i18next";
import { useEffect } from "react";
import { Link, useLocation, useParams } from "react-router";
import { SupportLink } from "../../ui/SupportLink";
import { WHEEL_COLOURS } from "../../../../shared/wheel-layout";
import { ApiError } from "../../lib/api";
import { useConfig } from "../../lib/config";
import { displayMessage } from "../../lib/i18n";
import { roundIdFrom } from "../../lib/roundId";
import { EmptyState } from "../../ui/EmptyState";
import { Money } from "../../ui/Money";
import { ScreenSkeleton } from "../../ui/Spinner";
import { BetRow } from "./ColourPanels";
import { useWheelRound } from "./queries";
import { RoundVerify } from "./RoundVerify";
import "./wheel.css";

export default function WheelRoundPage() {
  const { t } = useTranslation("wheel");
  const { t: tCommon } = useTranslation();
  const id = roundIdFrom(useParams().id);
  const config = useConfig().data;
  const game = useWheelRound(id);
  // the chain link: this round's secret hashes to the previous round's (round 1: to the
  // published terminating hash x_0)
  const previous = useWheelRound(id === null ? null : id - 1, game.data?.secret_hash != null && id !== 1);
  // "Show all" on the wheel screen links to a colour's bets (#wheel-round-<colour>): there once they loaded
  const { hash } = useLocation();
  const loaded = game.data !== undefined;
  useEffect(() => {
    if (loaded && hash.startsWith("#wheel-round-")) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [loaded, hash]);

  if (id === null || (game.error instanceof ApiError && game.error.status === 404))
    return (
      <div className="wheel-round" data-testid="wheel-round-missing">
        <h1 className="sr-only">{t("round.title", { id: id ?? "—" })}</h1>
        <EmptyState title={t("round.not_found")}>
          <Link to="/wheel">{t("round.back")}</Link>
        </EmptyState>
      </div>
    );
  if (game.isLoading) return <ScreenSkeleton />;
  if (game.error || !game.data)
    return (
      <div className="wheel-round">
        <h1 className="sr-only">{t("round.title", { id })}</h1>
        <EmptyState title={displayMessage(game.error instanceof ApiError ? game.error.key : "wheel_error.load_round", tCommon)}>
          <button type="button" className="button" onClick={() => void game.refetch()}>
            {t("round.retry")}
          </button>
        </EmptyState>
      </div>
    );

  const g = game.data;
  return (
    <div className="wheel-round" data-testid="wheel-round">
      <header className="wheel-round-head">
        <h1>{t("round.title", { id: g.id })}</h1>
        {g.colour && g.multiplier !== null && (
          <span className={`wheel-chip wheel-chip--${g.colour}`} data-testid="wheel-round-result" data-colour={g.colour}>
            {t(`colours.${g.colour}`)} ×{g.multiplier}
          </span>
        )}
      </header>
      <dl className="wheel-round-facts">
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
          <dt>{t("round.segment")}</dt>
          <dd data-testid="wheel-round-segment">{g.segment === null ? "—" : t("round.segment_of", { segment: g.segment, count: g.layout.segments.length })}</dd>
        </div>
        <div>
          <dt>{t("round.created")}</dt>
          <dd>{new Date(g.created_at).toLocaleString()}</dd>
        </div>
        <div>
          <dt>{t("round.day_of_month")}</dt>
          <dd>{g.day_of_month}</dd>
        </div>
        <div>
          <dt>{t("round.rotate")}</dt>
          <dd>{g.rotate === null ? "—" : `${g.rotate}°`}</dd>
        </div>
        <div className="wheel-round-hash">
          <dt>{t("round.public_hash")}</dt>
          <dd>
            <code>{g.public_hash}</code>
          </dd>
        </div>
        <div className="wheel-round-hash">
          <dt>{t("round.secret_hash")}</dt>
          <dd>{g.secret_hash ? <code data-testid="wheel-round-secret">{g.secret_hash}</code> : t("round.secret_hidden")}</dd>
        </div>
        <div className="wheel-round-hash">
          <dt>{t("round.salt")}</dt>
          <dd>
            <code>{g.salt}</code>
          </dd>
        </div>
      </dl>

      {g.secret_hash && (
        <RoundVerify game={g} secret={g.secret_hash} previousSecret={(g.id === 1 ? config?.wheel_terminal_hash : previous.data?.secret_hash) ?? null} />
      )}

      <section className="wheel-round-bets" aria-labelledby="wheel-round-bets">
        <h2 id="wheel-round-bets" className="wheel-section-title">
          {t("round.bets", { count: g.bets.length })}
        </h2>
        {g.bets.length === 0 ? (
          <EmptyState title={t("round.no_bets")} />
        ) : (
          WHEEL_COLOURS.filter((c) => g.bets.some((b) => b.colour === c)).map((c) => (
            <div key={c} className="wheel-round-colour" id={`wheel-round-${c}`}>
              <h3 className="wheel-round-colour-title">
                <span className={`wheel-dot wheel-dot--${c}`} aria-hidden="true" /> {t(`colours.${c}`)} ×{g.layout.multipliers[c]}
              </h3>
              <ul className="wheel-rows">
                {g.bets
                  .filter((b) => b.colour === c)
                  .map((b) => (
                    <BetRow key={b.id} bet={b} all />
                  ))}
              </ul>
            </div>
          ))
        )}
      </section>
      <p>
        <Link to="/provably-fair#wheel" className="page-link">
          {t("hash.how")}
        </Link>
      </p>
      <p>
        <SupportLink kind="wheel" id={g.id} />
      </p>
    </div>
  );
}
