// Skin trading's status line (POST /api/payment/skins/status; docs/trade-bot.md "Status line"):
// the trade bots online, whether Steam answers, the skin requests in the queue — shown where a
// player deposits or withdraws skins, refreshed every half minute.
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { skinsDepositCalls } from "../../../shared/api/skins-deposit";
import { api } from "../lib/api";
import { queryKeys } from "../lib/queryKeys";
import "./security-code.css";

const REFRESH_MS = 30_000;

export function TradeBotStatus() {
  const { t } = useTranslation("offer_check");
  const status = useQuery({ queryKey: queryKeys.tradeBotStatus, queryFn: () => api(skinsDepositCalls.status, {}), refetchInterval: REFRESH_MS });
  const s = status.data;
  if (!s?.enabled) return null;
  const up = s.steam === "answering";
  return (
    <p className={`trade-status${up ? "" : " trade-status--down"}`} data-testid="trade-bot-status">
      <span className="trade-status__dot" aria-hidden="true" />
      <span>
        {up ? t("status_line.bots", { online: s.bots_online ?? 0, total: s.bots_total ?? 0 }) : t("status_line.down")}
        {" · "}
        {t("status_line.queue", { count: s.queue })}
      </span>
    </p>
  );
}
