// The chat panel body (§2 Chat panel): the quiz banner, the message list with its scroll-to-last
// button, and the sending form. The desktop column and the mobile panel both render it (their
// heads with the online count live in app/ChatColumn.tsx).
import { MessageList } from "./MessageList";
import { QuizBanner } from "./QuizBanner";
import { SendForm } from "./SendForm";
import { useChatLoad } from "./useChatLoad";
import "./chat.css";

export function ChatPanel() {
  const retry = useChatLoad();
  return (
    <div className="chat-panel">
      <QuizBanner />
      <MessageList onRetry={retry} />
      <SendForm />
    </div>
  );
}
