// The Join button (POST /api/jackpot-bonus/join) and, when it cannot be pressed, why: sign in,
// already in, the first condition missing (named), no timer yet or the round being drawn.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { failureKey } from "../../lib/api";
import { notify, useUiStore } from "../../lib/uiStore";
import { formatDollars } from "../../ui/Money";
import type { BonusCondition } from "../../../../shared/api/bonus";
import type { BonusConditionName, JoinBlock } from "./joinBlock";
import { bonusConditionsKey, joinBonus } from "./queries";
import { useBonusStore } from "./store";

interface JoinAreaProps {
  block: JoinBlock | null;
  conditions: Record<BonusConditionName, BonusCondition> | null;
  minBank: number;
}

function useBlockText(block: JoinBlock | null, conditions: JoinAreaProps["conditions"], minBank: number): string | null {
  const { t } = useTranslation("bonus");
  if (!block) return null;
  if (block.kind !== "condition") return t(`blocked.${block.kind}`, { min: formatDollars(minBank) });
  const c = conditions?.[block.name];
  const left = Math.max(0, Number(c?.required ?? 0) - (c?.progress ?? 0));
  if (block.name === "username") return t("blocked.username", { tag: String(c?.required ?? "") });
  if (block.name === "chat_messages") return t("blocked.chat_messages", { count: left });
  return t("blocked.total_bet_sum", { sum: formatDollars(Math.round(left * 100) / 100) });
}

export function JoinArea({ block, conditions, minBank }: JoinAreaProps) {
  const { t } = useTranslation("bonus");
  const queryClient = useQueryClient();
  const openModal = useUiStore((s) => s.openModal);
  const markJoined = useBonusStore((s) => s.markJoined);
  const join = useMutation({
    mutationFn: joinBonus,
    onSuccess: (answer) => {
      markJoined(answer.round_id, answer.participants);
      notify({ type: "success", message: answer.message });
      void queryClient.invalidateQueries({ queryKey: bonusConditionsKey });
    },
    onError: (err) => {
      const key = failureKey(err, "user_error.send_take_bonus");
      if (key) notify({ type: "error", message: key });
      void queryClient.invalidateQueries({ queryKey: bonusConditionsKey });
    },
  });
  const reason = useBlockText(block, conditions, minBank);
  const joined = block?.kind === "joined";
  return (
    <div className="bonus-join">
      <button
        type="button"
        className={`button button-primary bonus-join-button${joined ? " is-joined" : ""}`}
        disabled={block !== null || join.isPending}
        aria-describedby={reason ? "bonus-join-reason" : undefined}
        onClick={() => join.mutate()}
        data-testid="bonus-join"
      >
        {joined ? t("blocked.joined") : join.isPending ? t("joining") : t("join")}
      </button>
      {reason && !joined ? (
        <p id="bonus-join-reason" className="bonus-join-reason" data-testid="bonus-join-reason">
          {reason}
        </p>
      ) : null}
      {block?.kind === "visitor" ? (
        <button type="button" className="button bonus-sign-in" onClick={() => openModal("login")}>
          {t("blocked.sign_in")}
        </button>
      ) : null}
    </div>
  );
}
