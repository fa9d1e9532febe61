// The chat's HTTP calls (§7 /api/chat/*; the ban reasons come with the app config, lib/config.ts).
// Answers keep the contract's field names (shared/api/chat.ts); failures arrive as lib/api ApiError.
import {
  clearAnswer,
  deleteAnswer,
  getMessagesAnswer,
  banAnswer,
  mutesAnswer,
  quizItemsAnswer,
  quizStartAnswer,
  quizStopAnswer,
  sendMessageAnswer,
  unBanAnswer,
  type StaffActionAnswer,
} from "../../../../shared/api/chat";
import { api } from "../../lib/api";

/** What every staff action answers: success and the key of the notice to show. */
export type ModerationAnswer = StaffActionAnswer;

export const fetchMessages = () => api("/api/chat/getMessages", getMessagesAnswer);
export const sendMessage = (message: string) => api("/api/chat/sendMessage", sendMessageAnswer, { message });
export const deleteMessage = (id: number, reasonId: number | null) =>
  api("/api/chat/delete", deleteAnswer, reasonId === null ? { id } : { id, reason_id: reasonId });
export const banUser = (userId: number, duration: number | null, reasonId: number) =>
  api("/api/chat/ban", banAnswer, { user_id: userId, duration, reason_id: reasonId });
export const unbanUser = (userId: number) => api("/api/chat/unBan", unBanAnswer, { id: userId });
export const fetchMutes = () => api("/api/chat/mutes", mutesAnswer, {});
export const clearChat = () => api("/api/chat/clear", clearAnswer, {});

export const fetchQuizItems = (search: string) => api("/api/admin/chat/quiz/items", quizItemsAnswer, search ? { market_hash_name: search } : {});
export const startQuiz = (question: string, answer: string, itemId: number) =>
  api("/api/admin/chat/quiz/start", quizStartAnswer, { question, answer, item_id: itemId });
export const stopQuiz = () => api("/api/admin/chat/quiz/stop", quizStopAnswer, {});
