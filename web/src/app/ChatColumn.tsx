// The chat column: its head with the live online count (from the hub socket) and the chat
// panel (features/chat, its own chunk). Desktop column and mobile panel share the body.
import { useTranslation } from "react-i18next";
import { HubOnlineCount } from "../features/hub/OnlineCount";
import { ChatIcon, CloseIcon } from "../ui/icons";
import { Spinner } from "../ui/Spinner";
import { lazyScreen, named } from "./ScreenBoundary";
import { useUiStore, type PanelName } from "../lib/uiStore";

const ChatPanel = lazyScreen(
  named(() => import("../features/chat/ChatPanel"), "ChatPanel"),
  <div className="chat-panel-loading">
    <Spinner />
  </div>,
);

/** The live online count from the hub socket (features/hub). */
export function OnlineCount() {
  return (
    <span className="online-count">
      <span className="online-dot" aria-hidden="true" />
      <HubOnlineCount />
    </span>
  );
}

export function ChatBody() {
  return <ChatPanel />;
}

/** The desktop column (open by default on desktop, §2); hidden with its close button. */
export function ChatColumn({ panel = "chatDesktop" }: { panel?: PanelName }) {
  const { t } = useTranslation("layout");
  const closePanel = useUiStore((s) => s.closePanel);
  return (
    <aside className="chat-column" aria-labelledby="chat-column-title">
      <div className="chat-head">
        <h2 id="chat-column-title" className="chat-title">
          {t("chat.title")}
        </h2>
        <OnlineCount />
        <button type="button" className="icon-button" onClick={() => closePanel(panel)} aria-label={t("chat.hide")}>
          <CloseIcon />
        </button>
      </div>
      <ChatBody />
    </aside>
  );
}

/** Shown at the right edge of desktop screens while the chat column is hidden. */
export function ChatReopen() {
  const { t } = useTranslation("layout");
  const openPanel = useUiStore((s) => s.openPanel);
  return (
    <button type="button" className="chat-reopen" onClick={() => openPanel("chatDesktop")} aria-label={t("chat.show")}>
      <ChatIcon />
    </button>
  );
}
