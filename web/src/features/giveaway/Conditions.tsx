// The running giveaway's conditions with the caller's progress: each switched-on one done or not,
// and what is missing (§4). The subscription condition carries the channel link and the Telegram
// link state (Link goes to the Telegram login page, which returns to /telegram/linked).
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import type { conditionsAnswer, giveawayCondition } from "../../../../shared/api/giveaways";
import { formatDollars } from "../../ui/Money";
import { useUnlinkTelegram } from "./queries";

type ConditionsAnswer = z.infer<typeof conditionsAnswer>;
type GiveawayCondition = z.infer<typeof giveawayCondition>;

function Row({ done, children, testId }: { done: boolean; children: React.ReactNode; testId: string }) {
  const { t } = useTranslation("giveaway");
  return (
    <li className={`giveaway-condition${done ? " is-done" : ""}`} data-testid={testId} data-done={done}>
      <span className="giveaway-condition-mark" aria-hidden="true">
        {done ? "✓" : "•"}
      </span>
      <span className="sr-only">{done ? t("conditions.done") : t("conditions.not_done")}</span>
      <div className="giveaway-condition-text">{children}</div>
    </li>
  );
}

const asNumber = (c: GiveawayCondition) => (typeof c.required === "number" ? c.required : Number(c.required) || 0);

function channelName(c: GiveawayCondition, url: string | null): string {
  if (typeof c.required === "string" && c.required) return c.required;
  return url ? `@${url.replace(/^https?:\/\/t\.me\//, "")}` : "";
}

function TelegramState({ telegram }: { telegram: ConditionsAnswer["telegram"] }) {
  const { t } = useTranslation("giveaway");
  const unlink = useUnlinkTelegram();
  if (!telegram.available) return <p className="giveaway-note">{t("telegram.unavailable")}</p>;
  if (telegram.linked) {
    return (
      <p className="giveaway-telegram" data-testid="giveaway-telegram-linked">
        {t("telegram.linked", { name: telegram.linked })}{" "}
        <button type="button" className="button button-link" disabled={unlink.isPending} onClick={() => unlink.mutate()}>
          {t("telegram.unlink")}
        </button>
      </p>
    );
  }
  return telegram.login_url ? (
    <a className="button giveaway-telegram-link" href={telegram.login_url} data-testid="giveaway-telegram-link">
      {t("telegram.link")}
    </a>
  ) : null;
}

export function Conditions({ answer }: { answer: ConditionsAnswer }) {
  const { t } = useTranslation("giveaway");
  const { telegram_channel_subscribe: sub, username, deposit, games } = answer.conditions;
  const active = [sub, username, deposit, games].some((c) => c.is_active);
  return (
    <section className="giveaway-conditions" aria-labelledby="giveaway-conditions-title">
      <h3 id="giveaway-conditions-title">{t("conditions.title")}</h3>
      {!active ? <p className="giveaway-note">{t("conditions.none")}</p> : null}
      <ul>
        {sub.is_active ? (
          <Row done={sub.is_completed} testId="giveaway-condition-subscription">
            <p>
              {answer.telegram.channel_url ? (
                <a href={answer.telegram.channel_url} target="_blank" rel="noopener noreferrer">
                  {t("conditions.subscribe", { channel: channelName(sub, answer.telegram.channel_url) })}
                </a>
              ) : (
                t("conditions.subscribe", { channel: channelName(sub, null) })
              )}
            </p>
            <TelegramState telegram={answer.telegram} />
          </Row>
        ) : null}
        {username.is_active ? (
          <Row done={username.is_completed} testId="giveaway-condition-nickname">
            <p>{t("conditions.nickname", { tag: String(username.required) })}</p>
          </Row>
        ) : null}
        {deposit.is_active ? (
          <Row done={deposit.is_completed} testId="giveaway-condition-deposit">
            <p>{t("conditions.deposit", { done: formatDollars(Math.min(deposit.progress, asNumber(deposit))), need: formatDollars(asNumber(deposit)) })}</p>
          </Row>
        ) : null}
        {games.is_active ? (
          <Row done={games.is_completed} testId="giveaway-condition-games">
            <p>{t("conditions.games", { done: Math.min(games.progress, asNumber(games)), count: asNumber(games) })}</p>
          </Row>
        ) : null}
      </ul>
      {!sub.is_active && answer.telegram.linked ? <TelegramState telegram={answer.telegram} /> : null}
    </section>
  );
}
