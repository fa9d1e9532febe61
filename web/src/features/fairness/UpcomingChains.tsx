// The chains announced before their first round (/api/getConfig chain_announcements; docs/fairness.md
// "Rotating a chain"): the game, the new terminating hash, the first round it serves, when it was
// announced and the operator's note in the reader's language. Nothing shows while none is open.
import { useTranslation } from "react-i18next";
import type { PublicChainAnnouncementJson } from "../../../../shared/api/config";

export function UpcomingChains({ list }: { list: readonly PublicChainAnnouncementJson[] | undefined }) {
  const { t, i18n } = useTranslation("fairness");
  if (!list?.length) return null;
  const ru = i18n.language.startsWith("ru");
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  return (
    <section data-testid="fair-upcoming">
      <h2>{t("upcoming.title")}</h2>
      <p>{t("upcoming.text")}</p>
      {list.map((a) => {
        const note = (ru ? a.note_ru : a.note_en) ?? (ru ? a.note_en : a.note_ru);
        return (
          <dl key={`${a.chain}:${a.terminal}`} className="fair-published fair-upcoming">
            <div>
              <dt>{t("upcoming.chain")}</dt>
              <dd>{t(`upcoming.chains.${a.chain}`)}</dd>
            </div>
            <div>
              <dt>{t("upcoming.terminal")}</dt>
              <dd>
                <code>{a.terminal}</code>
              </dd>
            </div>
            <div>
              <dt>{t("upcoming.from_round")}</dt>
              <dd>{a.from_round}</dd>
            </div>
            <div>
              <dt>{t("upcoming.announced_at")}</dt>
              <dd>
                <time dateTime={new Date(a.announced_at).toISOString()}>{when.format(a.announced_at)}</time>
              </dd>
            </div>
            {note ? <dd>{note}</dd> : null}
          </dl>
        );
      })}
    </section>
  );
}
