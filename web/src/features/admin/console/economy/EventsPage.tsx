// /admin/events: giveaways and the tournament. The running giveaway (with Cancel: its prize goes
// back to the house), a new one — a catalogue entry the house mints as the prize, its length and
// the conditions to join; and the tournament template every tournament starts from (Save, and
// optionally start one now when none runs), Cancel the running tournament with a reason (no
// prizes; its participants are told); then the past giveaways and tournaments (PastEvents.tsx).
// Every action confirms first.
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { AdminCatalogueItemJson } from "../../../../../../shared/api/cases";
import { type ActiveGiveawayJson, giveawayCalls } from "../../../../../../shared/api/giveaways";
import { type templateJson, tournamentCalls } from "../../../../../../shared/api/tournaments";
import { GIVEAWAY, TOURNAMENT } from "../../../../../../shared/constants";
import { api, failureKey } from "../../../../lib/api";
import { displayMessage } from "../../../../lib/i18n";
import { formatDollars } from "../../../../ui/Money";
import { Skeleton } from "../../../../ui/Spinner";
import { LoadFailed } from "../../../../ui/StateNote";
import { ConfirmButton } from "../ui/ConfirmButton";
import { CataloguePicker } from "./CataloguePicker";
import { PAST_LISTS, PastGiveaways, PastTournaments } from "./PastEvents";
import { parsePriceCents } from "./casePreview";
import { useInvalidate, useRunningGiveaway, useTournamentTemplate } from "./useEconomy";
import "./economy.css";
import type { z } from "zod";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** "0", "" → 0 cents; positive dollars → cents; anything else null. */
const optionalDollars = (text: string): number | null => (text.trim() === "" || /^0+(\.0{1,2})?$/.test(text.trim()) ? 0 : parsePriceCents(text));
const wholeNumber = (text: string, max: number): number | null => (/^\d{1,9}$/.test(text.trim()) && Number(text.trim()) <= max ? Number(text.trim()) : null);

export default function EventsPage() {
  const { t } = useTranslation("console_economy");
  const titleId = useId();
  return (
    <div className="economy-events">
      <h1 id={titleId}>{t("events.title")}</h1>
      <GiveawaySection />
      <TournamentSection />
      <PastSection />
    </div>
  );
}

/** The running lists read again after a change; the past lists too (a cancel adds a row). */
function useInvalidateEvents() {
  const invalidate = useInvalidate();
  const client = useQueryClient();
  return async () => {
    await invalidate.events();
    await Promise.all(PAST_LISTS.map((name) => client.invalidateQueries({ queryKey: ["console", name] })));
  };
}

function PastSection() {
  const { t } = useTranslation("console_economy");
  const titleId = useId();
  return (
    <section className="console-card economy-page" aria-labelledby={titleId}>
      <h2 id={titleId}>{t("past.title")}</h2>
      <PastGiveaways />
      <PastTournaments />
    </section>
  );
}

function useLoadFailed() {
  const { t: tCommon } = useTranslation();
  return (error: unknown, retry: () => unknown) => (
    <LoadFailed message={displayMessage(failureKey(error, "console_error.load") ?? "console_error.load", tCommon)} onRetry={() => void retry()} />
  );
}

function GiveawaySection() {
  const { t } = useTranslation("console_economy");
  const running = useRunningGiveaway();
  const failed = useLoadFailed();
  const titleId = useId();
  let body: ReactNode;
  if (running.isPending) body = <Skeleton width="100%" height={120} />;
  else if (running.isError) body = failed(running.error, running.refetch);
  else body = running.data.giveaway ? <RunningGiveaway giveaway={running.data.giveaway} /> : <NewGiveaway />;
  return (
    <section className="console-card economy-page" aria-labelledby={titleId}>
      <h2 id={titleId}>{t("giveaway.title")}</h2>
      {body}
    </section>
  );
}

function RunningGiveaway({ giveaway }: { giveaway: ActiveGiveawayJson }) {
  const { t, i18n } = useTranslation("console_economy");
  const refresh = useInvalidateEvents();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "short", timeStyle: "short" });
  return (
    <>
      <dl className="console-facts" data-testid="economy-giveaway">
        <dt>{t("giveaway.number")}</dt>
        <dd>{giveaway.id}</dd>
        <dt>{t("giveaway.prize")}</dt>
        <dd>
          {giveaway.item.market_hash_name} ({formatDollars(giveaway.item.price)})
        </dd>
        <dt>{t("giveaway.members")}</dt>
        <dd>{giveaway.members}</dd>
        <dt>{t("giveaway.ends")}</dt>
        <dd>{date.format(giveaway.end_time)}</dd>
      </dl>
      <p className="console-hint">{t("giveaway.one_at_a_time")}</p>
      <div className="console-actions">
        <ConfirmButton
          label={t("giveaway.cancel")}
          title={t("giveaway.cancel_title", { id: giveaway.id })}
          description={t("giveaway.cancel_text")}
          run={async () => {
            await api(giveawayCalls.cancel, { id: giveaway.id });
            await refresh();
          }}
          done={t("giveaway.canceled")}
          danger
        />
      </div>
    </>
  );
}

function NewGiveaway() {
  const { t } = useTranslation("console_economy");
  const invalidate = useInvalidate();
  const [prize, setPrize] = useState<AdminCatalogueItemJson | null>(null);
  const [minutes, setMinutes] = useState("60");
  const [telegram, setTelegram] = useState(false);
  const [username, setUsername] = useState(false);
  const [minDeposit, setMinDeposit] = useState("0");
  const [minGames, setMinGames] = useState("0");
  const [repeat, setRepeat] = useState(false);
  const ids = { minutes: useId(), telegram: useId(), username: useId(), deposit: useId(), games: useId(), repeat: useId() };
  const minutesN = wholeNumber(minutes, GIVEAWAY.maxDurationMs / MINUTE);
  const depositCents = optionalDollars(minDeposit);
  const gamesN = wholeNumber(minGames, 1_000_000);
  const valid = prize !== null && minutesN !== null && minutesN * MINUTE >= GIVEAWAY.minDurationMs && depositCents !== null && gamesN !== null;

  return (
    <form className="economy-form" onSubmit={(e) => e.preventDefault()} noValidate>
      <p className="state-note">{t("giveaway.none")}</p>
      <h3 className="economy-subtitle">{t("giveaway.new_title")}</h3>
      <p data-testid="economy-giveaway-prize">
        {prize ? t("giveaway.chosen", { name: prize.market_hash_name, price: formatDollars(prize.price) }) : t("giveaway.choose")}
      </p>
      <CataloguePicker isTaken={(id) => prize?.id === id} pickText={t("giveaway.pick")} onPick={setPrize} />
      <div className="economy-grid">
        <div className="console-field">
          <label htmlFor={ids.minutes}>{t("giveaway.minutes")}</label>
          <input id={ids.minutes} className="input" inputMode="numeric" value={minutes} onChange={(e) => setMinutes(e.target.value)} />
        </div>
        <div className="console-field">
          <label htmlFor={ids.deposit}>{t("giveaway.min_deposit")}</label>
          <input id={ids.deposit} className="input" inputMode="decimal" value={minDeposit} onChange={(e) => setMinDeposit(e.target.value)} />
        </div>
        <div className="console-field">
          <label htmlFor={ids.games}>{t("giveaway.min_games")}</label>
          <input id={ids.games} className="input" inputMode="numeric" value={minGames} onChange={(e) => setMinGames(e.target.value)} />
        </div>
      </div>
      <div className="economy-checks">
        <label htmlFor={ids.telegram}>
          <input id={ids.telegram} type="checkbox" checked={telegram} onChange={(e) => setTelegram(e.target.checked)} /> {t("giveaway.telegram")}
        </label>
        <label htmlFor={ids.username}>
          <input id={ids.username} type="checkbox" checked={username} onChange={(e) => setUsername(e.target.checked)} /> {t("giveaway.username")}
        </label>
        <label htmlFor={ids.repeat}>
          <input id={ids.repeat} type="checkbox" checked={repeat} onChange={(e) => setRepeat(e.target.checked)} /> {t("giveaway.repeat")}
        </label>
      </div>
      <div className="console-actions">
        <ConfirmButton
          label={t("giveaway.start")}
          title={t("giveaway.start_title")}
          description={prize ? t("giveaway.start_text", { name: prize.market_hash_name, minutes: minutesN ?? 0 }) : undefined}
          disabled={!valid}
          run={async () => {
            if (!prize) return;
            await api(giveawayCalls.create, {
              catalogue_id: prize.id,
              duration_ms: (minutesN ?? 0) * MINUTE,
              telegram,
              username,
              min_deposit: (depositCents ?? 0) / 100,
              min_games: gamesN ?? 0,
              repeat,
            });
            await invalidate.events();
          }}
          done={t("giveaway.started")}
        />
      </div>
    </form>
  );
}

type Template = z.infer<typeof templateJson>;

function TournamentSection() {
  const { t } = useTranslation("console_economy");
  const template = useTournamentTemplate();
  const failed = useLoadFailed();
  const titleId = useId();
  let body: ReactNode;
  if (template.isPending) body = <Skeleton width="100%" height={200} />;
  else if (template.isError) body = failed(template.error, template.refetch);
  else
    body = (
      <>
        {template.data.running ? (
          <>
            <p className="console-hint" data-testid="economy-tournament-running">
              {t("tournament.running", { name: template.data.running.name, members: template.data.running.members })}
            </p>
            <CancelTournament name={template.data.running.name} members={template.data.running.members} />
          </>
        ) : (
          <p className="console-hint">{t("tournament.none")}</p>
        )}
        <TemplateForm key={JSON.stringify(template.data.template)} saved={template.data.template} canStart={!template.data.running} />
      </>
    );
  return (
    <section className="console-card economy-page" aria-labelledby={titleId}>
      <h2 id={titleId}>{t("tournament.title")}</h2>
      {body}
    </section>
  );
}

function CancelTournament({ name, members }: { name: string; members: number }) {
  const { t } = useTranslation("console_economy");
  const refresh = useInvalidateEvents();
  return (
    <div className="console-actions">
      <ConfirmButton
        label={t("tournament.cancel")}
        title={t("tournament.cancel_title", { name })}
        description={t("tournament.cancel_text", { count: members })}
        reason={{ label: t("tournament.cancel_reason"), maxLength: TOURNAMENT.cancelReasonMax }}
        run={async (reason) => {
          await api(tournamentCalls.cancel, { reason: reason ?? "" });
          await refresh();
        }}
        done={t("tournament.canceled")}
        danger
        testId="economy-tournament-cancel"
      />
    </div>
  );
}

function TemplateForm({ saved, canStart }: { saved: Template; canStart: boolean }) {
  const { t } = useTranslation("console_economy");
  const invalidate = useInvalidate();
  const [enabled, setEnabled] = useState(saved.enabled);
  const [names, setNames] = useState({
    name_ru: saved.name_ru,
    name_en: saved.name_en,
    description_ru: saved.description_ru,
    description_en: saved.description_en,
  });
  const [hours, setHours] = useState(String(Math.max(1, Math.round(saved.duration_ms / HOUR))));
  const [prizes, setPrizes] = useState(saved.prizes.map((p) => String(p)));
  const [minPayment, setMinPayment] = useState(String(saved.min_payment));
  const [startNow, setStartNow] = useState(false);
  const ids = {
    enabled: useId(),
    name_ru: useId(),
    name_en: useId(),
    description_ru: useId(),
    description_en: useId(),
    hours: useId(),
    min: useId(),
    start: useId(),
    prizes: useId(),
  };
  const hoursN = wholeNumber(hours, TOURNAMENT.maxDurationMs / HOUR);
  const prizeCents = prizes.map(optionalDollars);
  const minCents = optionalDollars(minPayment);
  const valid =
    names.name_ru.trim() !== "" &&
    names.name_en.trim() !== "" &&
    hoursN !== null &&
    hoursN >= 1 &&
    prizeCents.every((p) => p !== null && p <= TOURNAMENT.maxPrizeCents) &&
    minCents !== null;

  const text = (key: keyof typeof names, multiline: boolean) => {
    const props = {
      id: ids[key],
      className: "input",
      value: names[key],
      maxLength: multiline ? TOURNAMENT.descriptionMaxLength : TOURNAMENT.nameMaxLength,
      onChange: (e: { target: { value: string } }) => setNames((n) => ({ ...n, [key]: e.target.value })),
    };
    return (
      <div className="console-field">
        <label htmlFor={ids[key]}>{t(`tournament.${key}`)}</label>
        {multiline ? <textarea rows={2} {...props} /> : <input {...props} />}
      </div>
    );
  };

  return (
    <form className="economy-form" onSubmit={(e) => e.preventDefault()} noValidate>
      <div className="economy-checks">
        <label htmlFor={ids.enabled}>
          <input id={ids.enabled} type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} /> {t("tournament.enabled")}
        </label>
      </div>
      <div className="economy-grid">
        {text("name_ru", false)}
        {text("name_en", false)}
        {text("description_ru", true)}
        {text("description_en", true)}
        <div className="console-field">
          <label htmlFor={ids.hours}>{t("tournament.hours")}</label>
          <input id={ids.hours} className="input" inputMode="numeric" value={hours} onChange={(e) => setHours(e.target.value)} />
        </div>
        <div className="console-field">
          <label htmlFor={ids.min}>{t("tournament.min_payment")}</label>
          <input id={ids.min} className="input" inputMode="decimal" value={minPayment} onChange={(e) => setMinPayment(e.target.value)} />
        </div>
      </div>
      <fieldset className="economy-prizes">
        <legend>{t("tournament.prizes")}</legend>
        {prizes.map((p, i) => (
          <div className="console-field" key={`${ids.prizes}-${i + 1}`}>
            <label htmlFor={`${ids.prizes}-${i + 1}`}>{t("tournament.place", { place: i + 1 })}</label>
            <input
              id={`${ids.prizes}-${i + 1}`}
              className="input"
              inputMode="decimal"
              value={p}
              onChange={(e) => setPrizes((all) => all.map((x, j) => (j === i ? e.target.value : x)))}
            />
          </div>
        ))}
      </fieldset>
      {canStart ? (
        <div className="economy-checks">
          <label htmlFor={ids.start}>
            <input id={ids.start} type="checkbox" checked={startNow} onChange={(e) => setStartNow(e.target.checked)} /> {t("tournament.start_now")}
          </label>
        </div>
      ) : null}
      <div className="console-actions">
        <ConfirmButton
          label={t("tournament.save")}
          title={t("tournament.save_title")}
          description={t(startNow && canStart ? "tournament.save_start_text" : "tournament.save_text")}
          disabled={!valid}
          run={async () => {
            await api(tournamentCalls.saveTemplate, {
              enabled,
              name_ru: names.name_ru.trim(),
              name_en: names.name_en.trim(),
              description_ru: names.description_ru.trim(),
              description_en: names.description_en.trim(),
              duration_ms: (hoursN ?? 1) * HOUR,
              prizes: prizeCents.map((c) => (c ?? 0) / 100) as [number, number, number, number, number],
              min_payment: (minCents ?? 0) / 100,
              start_now: startNow && canStart,
            });
            await invalidate.events();
          }}
          done={t("tournament.saved")}
        />
      </div>
    </form>
  );
}
