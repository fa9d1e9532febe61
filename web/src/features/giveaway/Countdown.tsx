// The time left until the draw, read out as a timer (role=timer: not announced every second).
import { useTranslation } from "react-i18next";
import { clockText, splitLeft } from "./countdown";

export function Countdown({ left }: { left: number | null }) {
  const { t } = useTranslation("giveaway");
  if (left === null || left <= 0) return <p className="giveaway-timer giveaway-timer--done">{t("timer.drawing")}</p>;
  return (
    <p className="giveaway-timer">
      <span>{t("timer.ends_in")}</span>{" "}
      <time role="timer" data-testid="giveaway-timer">
        {clockText(splitLeft(left))}
      </time>
    </p>
  );
}
