// The answer cards of the chat commands (§3 Chat message type, §6): !stats, !balance, !bet <id>.
import { useTranslation } from "react-i18next";
import type { ChatMessageJson } from "../../../../shared/api/chat";
import { Money } from "../../ui/Money";

type CardMessage = Exclude<ChatMessageJson, { type: "MESSAGE" }>;

function Cell({ label, children, tone }: { label: string; children: React.ReactNode; tone?: "up" | "down" }) {
  return (
    <div className={`chat-card-cell${tone ? ` chat-card-cell--${tone}` : ""}`}>
      <dt className="chat-card-label">{label}</dt>
      <dd className="chat-card-value">{children}</dd>
    </div>
  );
}

export function MessageCard({ message }: { message: CardMessage }) {
  const { t } = useTranslation("chat");
  switch (message.type) {
    case "stats": {
      const s = message.stats;
      return (
        <section className="chat-card chat-card--stats" aria-label={t("cards.stats_title")} data-testid="chat-card-stats">
          <h3 className="chat-card-title">{t("cards.stats_title")}</h3>
          <dl className="chat-card-grid">
            <Cell label={t("cards.total_games")}>{s.total_games}</Cell>
            <Cell label={t("cards.win_rate")}>{`${s.win_rate.toFixed(2)}%`}</Cell>
            <Cell label={t("cards.total_profit")} tone={s.total_profit > 0 ? "up" : s.total_profit < 0 ? "down" : undefined}>
              {s.total_profit < 0 ? "−" : ""}
              <Money amount={Math.abs(s.total_profit)} />
            </Cell>
          </dl>
        </section>
      );
    }
    case "balance": {
      const s = message.stats;
      return (
        <section className="chat-card chat-card--balance" aria-label={t("cards.balance_title")} data-testid="chat-card-balance">
          <h3 className="chat-card-title">{t("cards.balance_title")}</h3>
          <dl className="chat-card-grid">
            <Cell label={t("cards.total_deposit")}>
              <Money amount={s.total_deposit} />
            </Cell>
            <Cell label={t("cards.balance")}>
              <Money amount={s.balance} />
            </Cell>
            <Cell label={t("cards.total_withdraw")}>
              <Money amount={s.total_withdraw} />
            </Cell>
          </dl>
        </section>
      );
    }
    case "bet": {
      const s = message.stats;
      const title = t("cards.bet_title", { id: s.round_id });
      return (
        <section className="chat-card chat-card--bet" aria-label={title} data-testid="chat-card-bet">
          <h3 className="chat-card-title">
            {title}
            <span className="chat-card-crash">
              {t("cards.crash_point")}: {s.crash_point === null ? t("cards.running") : `${s.crash_point.toFixed(2)}×`}
            </span>
          </h3>
          <p className="chat-card-line">
            {t("cards.bank")} <Money amount={s.bank} /> · {t("cards.bets", { count: s.bets })} · {t("cards.items", { count: s.items })}
          </p>
          <dl className="chat-card-grid chat-card-grid--two">
            <Cell label={t("cards.my_bank")}>
              <Money amount={s.my_bank} />
            </Cell>
            <Cell label={t("cards.my_win")} tone={s.my_win > 0 ? "up" : undefined}>
              <Money amount={s.my_win} />
            </Cell>
          </dl>
        </section>
      );
    }
    default: {
      const never: never = message;
      return never;
    }
  }
}
