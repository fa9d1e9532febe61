// "Show all": every bet of the current round, fetched when asked (POST /api/crash/getGame) — the
// socket carries only the board's biggest bets and the player's own (docs/api.md "Sockets").
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { crashCalls } from "../../../../shared/api/crash";
import { api, ApiError } from "../../lib/api";
import { displayMessage } from "../../lib/i18n";
import { EmptyState } from "../../ui/EmptyState";
import { Modal } from "../../ui/Modal";
import { Spinner } from "../../ui/Spinner";
import { BetRow } from "./BetRow";

export const ALL_BETS_MODAL = "crashAllBets";

export function AllBetsModal({ roundId, own }: { roundId: number | null; own: ReadonlySet<string> }) {
  const { t } = useTranslation("crash");
  return (
    <Modal name={ALL_BETS_MODAL} title={t("bets.all_title", { id: roundId ?? "" })} size="lg">
      {roundId !== null && <AllBets roundId={roundId} own={own} />}
    </Modal>
  );
}

function AllBets({ roundId, own }: { roundId: number; own: ReadonlySet<string> }) {
  const { t } = useTranslation("crash");
  const { t: tCommon } = useTranslation();
  // a live round changes under the list: fetched afresh each time the dialog opens
  const game = useQuery({ queryKey: ["crashAllBets", roundId], queryFn: () => api(crashCalls.getGame, { id: roundId }), staleTime: 0, gcTime: 0 });
  if (game.isPending) return <Spinner label={t("bets.loading")} />;
  if (game.error)
    return (
      <EmptyState title={displayMessage(game.error instanceof ApiError ? game.error.key : "crash_error.load_game_info", tCommon)}>
        <button type="button" className="button" onClick={() => void game.refetch()}>
          {t("round.retry")}
        </button>
      </EmptyState>
    );
  const bets = game.data.game.bets;
  return (
    <div className="crash-all-bets" data-testid="crash-all-bets">
      <p className="crash-all-bets-head">
        <span>{t("bets.title", { count: bets.length })}</span>
        <button type="button" className="button button-small" onClick={() => void game.refetch()} disabled={game.isFetching}>
          {t("bets.refresh")}
        </button>
      </p>
      {bets.length === 0 ? (
        <EmptyState title={t("bets.empty")} />
      ) : (
        <ul className="crash-bet-list">
          {bets.map((b) => (
            <BetRow key={b.id} bet={b} wide={false} own={own.has(b.id)} />
          ))}
        </ul>
      )}
    </div>
  );
}
