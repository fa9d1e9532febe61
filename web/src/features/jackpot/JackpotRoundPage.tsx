// /jackpot/:id — one round (POST /api/jackpot/round {id}): winner, bank, bets with their ticket
// ranges and chances (a big round: the biggest, every bet in a dialog), the commission items taken and why, the hashes, and the draw verified in
// this browser (roundChecks.ts, shared/fairness.ts) with the Node command that does the same.
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { SupportLink } from "../../ui/SupportLink";
import { jackpotCalls, type JackpotRoundJson } from "../../../../shared/api/jackpot";
import { api, ApiError } from "../../lib/api";
import { useConfig } from "../../lib/config";
import { displayMessage } from "../../lib/i18n";
import { EmptyState } from "../../ui/EmptyState";
import { ItemImage } from "../../ui/ItemImage";
import { Money } from "../../ui/Money";
import { ScreenSkeleton } from "../../ui/Spinner";
import { UserAvatar } from "../../ui/UserAvatar";
import { ChanceText } from "./AvatarSpinner";
import { BetList } from "./BetList";
import { JACKPOT } from "../../../../shared/constants";
import { useUiStore } from "../../lib/uiStore";
import { Modal } from "../../ui/Modal";
import { roundIdFrom } from "../../lib/roundId";
import { usePreviousRound, useRoundQuery } from "../../lib/roundQuery";
import { RoundVerify } from "./RoundVerify";
import "./jackpot.css";
import { useItemName } from "../../ui/itemWords";

const fetchRound = (id: number) => api(jackpotCalls.round, { id }).then((a) => a.round);

export default function JackpotRoundPage() {
  const { t } = useTranslation("jackpot");
  const { t: tCommon } = useTranslation();
  const id = roundIdFrom(useParams().id);
  const config = useConfig().data;
  const round = useRoundQuery(["jackpotRound"], id, fetchRound);
  // the same level's previous chain link (round ids step by 3, shared/api/jackpot.ts)
  const previousId = round.data && round.data.chainIndex > 1 ? round.data.id - 3 : null;
  const previous = usePreviousRound(["jackpotRound"], previousId, fetchRound, round.data?.secret != null);

  if (id === null || (round.error instanceof ApiError && round.error.status === 404))
    return (
      <div className="jackpot-round" data-testid="jackpot-round-missing">
        <h1>{t("round.not_found")}</h1>
        <EmptyState title={t("round.not_found_text")}>
          <Link to="/jackpot" className="page-link">
            {t("round.back")}
          </Link>
        </EmptyState>
      </div>
    );
  if (round.isLoading) return <ScreenSkeleton />;
  if (round.error || !round.data)
    return (
      <div className="jackpot-round">
        <h1>{t("round.title", { id })}</h1>
        <EmptyState title={displayMessage(round.error instanceof ApiError ? round.error.key : "jackpot_error.load", tCommon)}>
          <button type="button" className="button" onClick={() => void round.refetch()}>
            {t("round.retry")}
          </button>
        </EmptyState>
      </div>
    );

  const r = round.data;
  return (
    <div className="jackpot-round" data-testid="jackpot-round">
      <header className="jackpot-round-head">
        <h1>{t("round.title", { id: r.id })}</h1>
        <span className={`badge jackpot-level-badge jackpot-level--${r.level}`}>{t(`levels.${r.level}`)}</span>
        <span className="badge">{t(`round.status.${r.status}`)}</span>
      </header>
      <Facts r={r} />
      <Commission r={r} />
      {r.secret ? (
        <RoundVerify
          round={r}
          // chain index 1 links to the level's published terminating hash x_0
          previousSecret={(r.chainIndex === 1 ? config?.jackpot_terminal_hashes[r.level] : previous.data?.secret) ?? null}
        />
      ) : (
        <p className="jackpot-muted">{t("verify.no_secret")}</p>
      )}
      <RoundBets r={r} />
      <p>
        <Link to="/provably-fair#jackpot" className="page-link">
          {t("verify.how")}
        </Link>
      </p>
      <p>
        <SupportLink kind="jackpot" id={r.id} />
      </p>
    </div>
  );
}

const ROUND_BETS_MODAL = "jackpotRoundBets";

/** A big round lists its biggest bets, every bet in a dialog ("Show all"); a small one lists them all in ticket order. */
function RoundBets({ r }: { r: JackpotRoundJson }) {
  const { t } = useTranslation("jackpot");
  const openModal = useUiStore((s) => s.openModal);
  const winnerId = r.winner?.id ?? null;
  if (r.bets.length <= JACKPOT.boardTop) return <BetList bets={r.bets} chances={r.chances} selfId={null} all winnerId={winnerId} />;
  const top = [...r.bets].sort((a, b) => b.price - a.price || a.from - b.from).slice(0, JACKPOT.boardTop);
  return (
    <BetList
      bets={top}
      chances={r.chances}
      selfId={null}
      winnerId={winnerId}
      count={r.bets.length}
      note={<p className="jackpot-bets-note">{t("bets.biggest", { count: top.length })}</p>}
    >
      <button type="button" className="button button-small jackpot-bets-all" onClick={() => openModal(ROUND_BETS_MODAL)}>
        {t("bets.show_all", { count: r.bets.length })}
      </button>
      <Modal name={ROUND_BETS_MODAL} title={t("bets.all_title", { id: r.id })} size="lg">
        <div className="jackpot-all-bets" data-testid="jackpot-all-bets">
          <BetList bets={r.bets} chances={r.chances} selfId={null} all winnerId={winnerId} titleId="jackpot-all-bets-title" />
        </div>
      </Modal>
    </BetList>
  );
}

function Facts({ r }: { r: JackpotRoundJson }) {
  const { t } = useTranslation("jackpot");
  return (
    <dl className="jackpot-round-facts">
      <div>
        <dt>{t("round.winner")}</dt>
        <dd>
          {r.winner ? (
            <span className="jackpot-history-winner" data-testid="jackpot-round-winner" data-user-id={r.winner.id}>
              <UserAvatar userId={r.winner.id} avatar={r.winner.avatar} username={r.winner.username} size={24} />
              <span className="participant-name">{r.winner.username}</span>
            </span>
          ) : (
            t("history.refunded")
          )}
        </dd>
      </div>
      {r.chance !== null && (
        <div>
          <dt>{t("round.chance")}</dt>
          <dd>
            <ChanceText chance={r.chance} />
          </dd>
        </div>
      )}
      <div>
        <dt>{t("pot.bank")}</dt>
        <dd>
          <Money amount={r.bank} />
        </dd>
      </div>
      {r.win !== null && (
        <div>
          <dt>{t("round.win")}</dt>
          <dd>
            <Money amount={r.win} />
          </dd>
        </div>
      )}
      <div>
        <dt>{t("round.ticket")}</dt>
        <dd data-testid="jackpot-round-ticket">{r.winningTicket === null ? "—" : t("round.ticket_of", { ticket: r.winningTicket, total: r.totalTickets })}</dd>
      </div>
      <div>
        <dt>{t("round.players")}</dt>
        <dd>{r.playersCount}</dd>
      </div>
      <div>
        <dt>{t("round.finished")}</dt>
        <dd>{new Date(r.finished_at).toLocaleString()}</dd>
      </div>
      <div className="jackpot-round-hash">
        <dt>{t("round.public_hash")}</dt>
        <dd>
          <code>{r.publicHash}</code>
        </dd>
      </div>
      <div className="jackpot-round-hash">
        <dt>{t("round.secret")}</dt>
        <dd>{r.secret ? <code data-testid="jackpot-round-secret">{r.secret}</code> : t("round.secret_hidden")}</dd>
      </div>
      <div className="jackpot-round-hash">
        <dt>{t("round.salt")}</dt>
        <dd>
          <code>{r.salt}</code>
        </dd>
      </div>
      <div>
        <dt>{t("round.day_of_month")}</dt>
        <dd>{r.dayOfMonth}</dd>
      </div>
      <div>
        <dt>{t("round.chain_index")}</dt>
        <dd>{r.chainIndex}</dd>
      </div>
    </dl>
  );
}

function Commission({ r }: { r: JackpotRoundJson }) {
  const itemName = useItemName();
  const { t } = useTranslation("jackpot");
  if (r.status === "refunded") return null;
  return (
    <section className="jackpot-commission" aria-labelledby="jackpot-commission-title" data-testid="jackpot-commission">
      <h2 className="jackpot-section-title" id="jackpot-commission-title">
        {t("commission.title", { percent: r.commissionPercent })}
      </h2>
      {/* the server's words are English only: the rule and the reason in the reader's language */}
      <p className="jackpot-muted">{t("commission.rule", { percent: r.commissionPercent })}</p>
      <p>
        {t("commission.due")} <Money amount={r.commissionDue} /> · {t("commission.taken")} <Money amount={r.commission} />
      </p>
      {r.commissionItems.length === 0 ? (
        <p className="jackpot-muted">{t("commission.none")}</p>
      ) : (
        <ul className="jackpot-commission-list">
          {r.commissionItems.map(({ item }) => (
            <li key={item.id}>
              <ItemImage name={item.market_hash_name} image={item.image} rarityColor={item.rarity_color} size={48} />
              <span className="jackpot-commission-name">{itemName(item.market_hash_name)}</span>
              <Money amount={item.price} />
              <span className="jackpot-muted">{t("commission.reason")}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
