// The spinner (§2, §4 Jackpot): the server's strip of avatars (weighted by chance, the winner at
// winIndex) behind a fixed centre marker. Its position is computed every animation frame from the
// server's clock (spinnerStrip.ts), so it decelerates and stops on the winner exactly at end time
// − 5 s (draw.spinEndsAt) for everyone, also for a player who opened the page mid-spin. A tick
// plays for each avatar passing the marker. With prefers-reduced-motion the strip does not move:
// it jumps to the winner when the spin time is over. Before the draw the stage shows the players.
import { useLayoutEffect, useMemo, useRef, useState, type CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import type { JackpotDrawJson } from "../../../../shared/api/jackpot";
import { JACKPOT } from "../../../../shared/constants";
import { playSound } from "../../lib/sound";
import { UserAvatar } from "../../ui/UserAvatar";
import { formatChance } from "./chances";
import { indexUnderMarker, landingJitter, spinProgress, STRIP, stripTranslate } from "./spinnerStrip";
import { useJackpotStore } from "./store";
import { prefersReducedMotion } from "../../lib/motion";

/** At most one tick per this many ms (the first avatars fly past faster than a tick lasts). */
const TICK_MIN_GAP_MS = 45;

interface StripUser {
  id: number;
  username: string;
  avatar: string;
}

export function AvatarSpinner({ selfId }: { selfId: number | null }) {
  const { t } = useTranslation("jackpot");
  const draw = useJackpotStore((s) => s.draw);
  const chances = useJackpotStore((s) => s.chances);
  const playersCount = useJackpotStore((s) => s.playersCount);
  const more = playersCount - chances.length;
  return (
    <section className="jackpot-stage" aria-label={t("spinner.label")} data-testid="jackpot-stage">
      {draw ? (
        <Strip key={draw.roundId} draw={draw} users={usersOf(chances, draw)} selfId={selfId} />
      ) : chances.length === 0 ? (
        <p className="jackpot-stage-empty">{t("spinner.empty")}</p>
      ) : (
        <ul className="jackpot-stage-players" aria-label={t("spinner.players")}>
          {chances.map((c) => (
            <li key={c.user.id} className={c.user.id === selfId ? "is-own" : undefined}>
              <UserAvatar userId={c.user.id} avatar={c.user.avatar} username={c.user.username} size={48} />
              <span className="participant-name">{c.user.username}</span>
              <ChanceText chance={c.chance} />
            </li>
          ))}
          {more > 0 && (
            <li className="jackpot-stage-more" data-testid="jackpot-stage-more">
              {t("spinner.more", { count: more })}
            </li>
          )}
        </ul>
      )}
    </section>
  );
}

export function ChanceText({ chance }: { chance: number }) {
  const { i18n } = useTranslation();
  return <span className="jackpot-chance">{formatChance(chance / 100, i18n.language)}</span>;
}

/** The strip's avatars: the draw names its players (the client holds only the board's bets). */
function usersOf(chances: readonly { user: StripUser }[], draw: JackpotDrawJson): Map<number, StripUser> {
  const map = new Map(chances.map((c) => [c.user.id, c.user]));
  for (const u of draw.players) map.set(u.id, u);
  map.set(draw.winner.id, draw.winner);
  return map;
}

// A hidden tab gets no animation frames: the winner banner follows the clock, not this strip.
function Strip({ draw, users, selfId }: { draw: JackpotDrawJson; users: Map<number, StripUser>; selfId: number | null }) {
  const stripRef = useRef<HTMLUListElement>(null);
  const [landed, setLanded] = useState(false);
  const spinMs = useJackpotStore((s) => s.settings?.spinMs ?? JACKPOT.timerDefaults.spinMs);
  // the same landing point for every viewer of this round
  const jitter = useMemo(() => landingJitter(`${draw.roundId}:${draw.winningTicket}:${draw.totalTickets}`), [draw]);

  useLayoutEffect(() => {
    const strip = stripRef.current;
    if (!strip) return;
    const startAt = draw.spinEndsAt - spinMs;
    const reduced = prefersReducedMotion();
    let frame = 0;
    let lastIndex: number | null = null;
    let lastTickAt = 0;
    let moved = false;
    const step = () => {
      const serverNow = Date.now() + (useJackpotStore.getState().clockOffsetMs ?? 0);
      const p = reduced ? (serverNow >= draw.spinEndsAt ? 1 : 0) : spinProgress(serverNow, startAt, draw.spinEndsAt);
      const x = stripTranslate(p, jitter, draw.winIndex);
      strip.style.transform = `translateX(${x}px)`;
      if (p < 1) {
        moved = true;
        const index = indexUnderMarker(x);
        const at = performance.now();
        if (!reduced && lastIndex !== null && index !== lastIndex && at - lastTickAt >= TICK_MIN_GAP_MS) {
          lastTickAt = at;
          playSound("tick");
        }
        lastIndex = index;
        frame = requestAnimationFrame(step);
        return;
      }
      setLanded(true);
      // the win sound only for a spin watched to its end, not for a page opened afterwards
      if (moved && selfId !== null && draw.winner.id === selfId) playSound("win");
    };
    step();
    return () => cancelAnimationFrame(frame);
  }, [draw, jitter, spinMs, selfId]);

  return (
    <div
      className="jackpot-spinner"
      data-testid="jackpot-spinner"
      data-landed={landed}
      data-winner={draw.winner.id}
      style={{ "--jp-card": `${STRIP.cardPx}px`, "--jp-gap": `${STRIP.gapPx}px` } as CSSProperties}
    >
      <span className="jackpot-spinner-marker" aria-hidden="true" />
      <ul className="jackpot-strip" ref={stripRef} aria-hidden="true">
        {draw.strip.map((id, i) => {
          const user = users.get(id);
          return (
            <li key={i} className={`jackpot-strip-card${i === draw.winIndex && landed ? " is-winner" : ""}`} data-user-id={id} data-index={i}>
              <UserAvatar userId={user?.id} avatar={user?.avatar} username={user?.username ?? "?"} size={STRIP.cardPx - 12} />
            </li>
          );
        })}
      </ul>
    </div>
  );
}
