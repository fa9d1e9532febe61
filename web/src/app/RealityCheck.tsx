// The reality check (docs/protection.md "Reality check"): every N minutes of the sign-in session
// (the player's choice, kept on his account: 60 by default, off allowed) a dialog shows how long the session has
// lasted, what was staked and won, and the net result, with "continue" and "log out". One that
// falls due while another dialog is open waits for it to close. Loaded lazily by the layout for a
// signed-in player.
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useLogout } from "../features/auth/useLogout";
import { splitMinutes, usePlaySession } from "../lib/playSession";
import { useUiStore } from "../lib/uiStore";
import { formatDollars } from "../ui/Money";
import { Modal } from "../ui/Modal";
import "./reality-check.css";

const MODAL = "reality-check";
/** sessionStorage: when this tab last answered "continue", per sign-in session */
const ackKey = (startedAt: number) => `reality_check_ack:${startedAt}`;
/** setTimeout's largest delay */
const MAX_DELAY = 2 ** 31 - 1;

function readAck(startedAt: number): number {
  try {
    const v = Number(sessionStorage.getItem(ackKey(startedAt)));
    return Number.isFinite(v) ? v : 0;
  } catch {
    return 0;
  }
}

export default function RealityCheck(): React.JSX.Element | null {
  const session = usePlaySession();
  // the player's interval, kept on his account and read with the figures (0: off); none until read
  const minutes = session.data?.reality_check_minutes ?? 0;
  const openModal = useUiStore((s) => s.openModal);
  const startedAt = session.data?.started_at ?? null;
  const [ack, setAck] = useState(0);
  const modal = useUiStore((s) => s.modal);
  const shown = modal === MODAL;
  const wasShown = useRef(false);
  const [due, setDue] = useState(false);

  useEffect(() => {
    if (startedAt === null || minutes <= 0) return;
    const at = Math.max(startedAt, ack, readAck(startedAt)) + minutes * 60_000;
    const timer = setTimeout(
      () => {
        void session.refetch();
        setDue(true);
      },
      Math.min(MAX_DELAY, Math.max(0, at - Date.now())),
    );
    return () => {
      clearTimeout(timer);
      // a check held back behind another dialog is dropped when the interval or the session changes
      setDue(false);
    };
  }, [startedAt, minutes, ack, session.refetch]);

  // a check that falls due while another dialog is open (a deposit half filled in) waits for it to close
  useEffect(() => {
    if (!due || modal !== null) return;
    setDue(false);
    openModal(MODAL);
  }, [due, modal, openModal]);

  const onContinue = () => {
    const now = Date.now();
    if (startedAt !== null) {
      try {
        sessionStorage.setItem(ackKey(startedAt), String(now));
      } catch {
        // storage unavailable: the next check counts from this answer in this page only
      }
    }
    setAck(now);
  };

  // however the dialog goes (a button, Escape, a link, another dialog opened from it), the next
  // check counts from then: the timer always runs again
  // biome-ignore lint/correctness/useExhaustiveDependencies: onContinue reads the latest startedAt itself
  useEffect(() => {
    if (wasShown.current && !shown) onContinue();
    wasShown.current = shown;
  }, [shown]);
  return (
    <Modal name={MODAL} title={<RealityTitle />} size="sm" onClose={() => useUiStore.getState().closeModal()}>
      <RealityBody />
    </Modal>
  );
}

function RealityTitle() {
  const { t } = useTranslation("protection");
  return <>{t("reality.title")}</>;
}

function RealityBody() {
  const { t } = useTranslation("protection");
  const closeModal = useUiStore((s) => s.closeModal);
  const session = usePlaySession();
  const logout = useLogout();
  const s = session.data;
  const length = splitMinutes(s ? Date.now() - s.started_at : 0);
  return (
    <div className="reality-check" data-testid="reality-check">
      {s ? (
        <dl className="reality-check__figures">
          <dt>{t("reality.length")}</dt>
          <dd>
            {length.hours > 0 ? `${t("reality.hours", { count: length.hours })} ` : ""}
            {t("reality.minutes", { count: length.minutes })}
          </dd>
          <dt>{t("reality.stakes")}</dt>
          <dd>{formatDollars(s.stakes)}</dd>
          <dt>{t("reality.won")}</dt>
          <dd>{formatDollars(s.won)}</dd>
          <dt>{t("reality.net")}</dt>
          <dd className={s.net < 0 ? "reality-check__loss" : undefined}>{`${s.net < 0 ? "−" : "+"}${formatDollars(Math.abs(s.net))}`}</dd>
        </dl>
      ) : (
        <div className="shimmer-block reality-check__skeleton" aria-busy="true" />
      )}
      <p className="reality-check__note">
        <Link to="/limits" onClick={() => closeModal()}>
          {t("reality.limits")}
        </Link>
      </p>
      <div className="reality-check__actions">
        <button type="button" className="button button-primary" onClick={() => closeModal()}>
          {t("reality.continue")}
        </button>
        <button
          type="button"
          className="button"
          disabled={logout.isPending}
          onClick={() => {
            closeModal();
            logout.mutate();
          }}
        >
          {t("reality.logout")}
        </button>
      </div>
    </div>
  );
}
