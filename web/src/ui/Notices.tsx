// Notice popups (§8): success / fail / error, gone after 5000 ms (the timer lives in uiStore.notify).
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useUiStore, type Notice } from "../lib/uiStore";
import { displayMessage } from "../lib/i18n";
import { playSound } from "../lib/sound";
import { CloseIcon } from "./icons";
import { WIN_SLOT_ID } from "./NoticeStack";

export function Notices() {
  const notices = useUiStore((s) => s.notices);
  const lastSounded = useRef(0);
  useEffect(() => {
    const newest = notices[notices.length - 1];
    if (newest && newest.id > lastSounded.current) {
      lastSounded.current = newest.id;
      playSound(newest.type === "success" ? "notice" : "error");
    }
  }, [notices]);
  return (
    <div className="notices" aria-live="polite">
      {/* win popups (crash, cases) are portalled here: see NoticeStack */}
      <div id={WIN_SLOT_ID} className="notices-wins" />
      {notices.map((n) => (
        <NoticeView key={n.id} notice={n} />
      ))}
    </div>
  );
}

function NoticeView({ notice }: { notice: Notice }) {
  const { t } = useTranslation("common");
  const dismiss = useUiStore((s) => s.dismissNotice);
  return (
    <div className={`notice notice-${notice.type}`} role={notice.type === "success" ? "status" : "alert"}>
      <span className="notice-badge" aria-hidden="true" />
      <div className="notice-text">
        <strong className="notice-title">{t(`notice.${notice.type}`)}</strong>
        <span className="notice-message">{displayMessage(notice.message, t)}</span>
      </div>
      <button type="button" className="icon-button notice-close" onClick={() => dismiss(notice.id)} aria-label={t("close")}>
        <CloseIcon />
      </button>
    </div>
  );
}
