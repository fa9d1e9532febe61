// The message list (§2, §4): loading and empty states, the messages oldest first, auto-scroll to
// the bottom unless the reader is more than CHAT.scrollThresholdPx above it, and the
// scroll-to-last button (with the count of messages that came meanwhile). Not a live region:
// announcing every message would drown a screen reader (the quiz banner is the polite one).
import { useCallback, useEffect, useLayoutEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { isStaff, useSignedInUser } from "../../lib/session/useCurrentUser";
import { EmptyState } from "../../ui/EmptyState";
import { ChatIcon } from "../../ui/icons";
import { Skeleton } from "../../ui/Spinner";
import { MessageItem } from "./MessageItem";
import { isFollowing } from "./state";
import { chatStore, useChat } from "./store";

export function MessageList({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation("chat");
  const messages = useChat((s) => s.messages);
  const status = useChat((s) => s.status);
  const loadFailed = useChat((s) => s.loadFailed);
  const following = useChat((s) => s.scroll.following);
  const unseen = useChat((s) => s.scroll.unseen);
  const jumpRequest = useChat((s) => s.jumpRequest);
  const me = useSignedInUser();
  const staff = isStaff(me);
  const boxRef = useRef<HTMLDivElement>(null);

  const toBottom = useCallback((smooth: boolean) => {
    const box = boxRef.current;
    if (!box) return;
    box.scrollTo({ top: box.scrollHeight, behavior: smooth ? "smooth" : "auto" });
  }, []);

  // A panel that opens starts at the newest message.
  useLayoutEffect(() => {
    chatStore.getState().setFollowing(true);
    toBottom(false);
  }, [toBottom]);

  // New messages (or a fresh history) keep a following reader at the bottom.
  // biome-ignore lint/correctness/useExhaustiveDependencies: messages are the trigger (new rows), the effect reads the DOM
  useLayoutEffect(() => {
    if (chatStore.getState().scroll.following) toBottom(false);
  }, [messages, toBottom]);

  // While the scroll-to-last button's smooth scroll runs, its passing positions are not the
  // reader's choice; the reader touching the list again ends that.
  const jumping = useRef(false);
  const onScroll = () => {
    const box = boxRef.current;
    if (!box) return;
    const following = isFollowing(box);
    if (jumping.current) {
      if (!following) return;
      jumping.current = false;
    }
    chatStore.getState().setFollowing(following);
  };
  const readerScrolls = () => {
    jumping.current = false;
  };

  // The scroll-to-last button or an own message sent: down to the newest, smoothly.
  const lastJump = useRef(jumpRequest);
  useEffect(() => {
    if (jumpRequest === lastJump.current) return;
    lastJump.current = jumpRequest;
    // within the threshold every passing position counts as following anyway
    jumping.current = boxRef.current ? !isFollowing(boxRef.current) : false;
    toBottom(true);
  }, [jumpRequest, toBottom]);

  const loading = messages.length === 0 && (status === "pending" || status === "inProgress") && !loadFailed;

  return (
    <div className="chat-list-wrap">
      <div
        ref={boxRef}
        className="chat-list-scroll"
        onScroll={onScroll}
        onWheel={readerScrolls}
        onTouchStart={readerScrolls}
        onPointerDown={readerScrolls}
        onKeyDown={readerScrolls}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to scroll by keyboard (axe scrollable-region-focusable)
        tabIndex={0}
        aria-label={t("list_label")}
        role="region"
      >
        {loading ? (
          <div className="chat-list-loading" role="status" aria-label={t("loading")}>
            {[0, 1, 2, 3].map((i) => (
              <div key={i} className="chat-msg-skeleton" aria-hidden="true">
                <Skeleton width={32} height={32} className="chat-msg-skeleton-avatar" />
                <div className="chat-msg-skeleton-lines">
                  <Skeleton width="40%" height={12} />
                  <Skeleton width={`${85 - i * 12}%`} height={12} />
                </div>
              </div>
            ))}
          </div>
        ) : messages.length === 0 && loadFailed ? (
          <div className="chat-list-empty">
            <EmptyState title={t("load_failed")} icon={<ChatIcon />}>
              <button type="button" className="button button-small" onClick={onRetry}>
                {t("retry")}
              </button>
            </EmptyState>
          </div>
        ) : messages.length === 0 ? (
          <div className="chat-list-empty">
            <EmptyState title={t("empty_title")} icon={<ChatIcon />}>
              {t("empty_text")}
            </EmptyState>
          </div>
        ) : (
          <ol className="chat-list">
            {messages.map((m) => (
              <MessageItem key={m.id} message={m} own={me?.id === m.user.id} signedIn={me !== null} staff={staff} />
            ))}
          </ol>
        )}
      </div>
      {!following ? (
        <button type="button" className="chat-to-last" onClick={() => chatStore.getState().jumpToLast()}>
          <span aria-hidden="true">↓</span> {unseen > 0 ? t("unseen", { count: unseen }) : t("to_last")}
        </button>
      ) : null}
    </div>
  );
}
