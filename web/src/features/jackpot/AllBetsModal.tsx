// "Show all": every bet of the live round with each player's chance, fetched when asked (POST
// /api/jackpot/bets) — the socket carries only the board's biggest bets, the leaders and the
// player's own (docs/api.md "Sockets").
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { jackpotCalls } from "../../../../shared/api/jackpot";
import type { JackpotLevel } from "../../../../shared/constants";
import { api, ApiError } from "../../lib/api";
import { displayMessage } from "../../lib/i18n";
import { EmptyState } from "../../ui/EmptyState";
import { Modal } from "../../ui/Modal";
import { Spinner } from "../../ui/Spinner";
import { BetList } from "./BetList";

export const ALL_BETS_MODAL = "jackpotAllBets";

export function AllBetsModal({ level, roundId, selfId }: { level: JackpotLevel | null; roundId: number | null; selfId: number | null }) {
  const { t } = useTranslation("jackpot");
  return (
    <Modal name={ALL_BETS_MODAL} title={t("bets.all_title", { id: roundId ?? "" })} size="lg">
      {level !== null && <AllBets level={level} selfId={selfId} />}
    </Modal>
  );
}

function AllBets({ level, selfId }: { level: JackpotLevel; selfId: number | null }) {
  const { t } = useTranslation("jackpot");
  const { t: tCommon } = useTranslation();
  // a live round changes under the list: fetched afresh each time the dialog opens
  const all = useQuery({ queryKey: ["jackpotAllBets", level], queryFn: () => api(jackpotCalls.bets, { level }), staleTime: 0, gcTime: 0 });
  if (all.isPending) return <Spinner label={t("bets.loading")} />;
  if (all.error)
    return (
      <EmptyState title={displayMessage(all.error instanceof ApiError ? all.error.key : "jackpot_error.load", tCommon)}>
        <button type="button" className="button" onClick={() => void all.refetch()}>
          {t("round.retry")}
        </button>
      </EmptyState>
    );
  return (
    <div className="jackpot-all-bets" data-testid="jackpot-all-bets">
      <p className="jackpot-all-bets-head">
        <button type="button" className="button button-small" onClick={() => void all.refetch()} disabled={all.isFetching}>
          {t("bets.refresh")}
        </button>
      </p>
      <BetList bets={all.data.bets} chances={all.data.chances} selfId={selfId} all titleId="jackpot-all-bets-title" />
    </div>
  );
}
