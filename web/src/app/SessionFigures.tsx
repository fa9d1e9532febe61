// The session's length and net result in the header (docs/protection.md "Reality check"), when the
// player turns it on in the settings. Loaded lazily by the header.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { splitMinutes, usePlaySession } from "../lib/playSession";
import { formatDollars } from "../ui/Money";

export default function SessionFigures() {
  const { t } = useTranslation("protection");
  const session = usePlaySession({ refetchMs: 60_000 });
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  const s = session.data;
  if (!s) return null;
  const length = splitMinutes(now - s.started_at);
  const net = `${s.net < 0 ? "−" : "+"}${formatDollars(Math.abs(s.net))}`;
  const time =
    length.hours > 0 ? t("session.time_hours", { hours: length.hours, minutes: length.minutes }) : t("session.time_minutes", { minutes: length.minutes });
  return (
    <span className="header-session" data-testid="session-figures" title={t("session.title")}>
      <span className="sr-only">{t("session.title")}: </span>
      <span>{time}</span>
      <span className={s.net < 0 ? "header-session__loss" : "header-session__gain"}>{net}</span>
    </span>
  );
}
