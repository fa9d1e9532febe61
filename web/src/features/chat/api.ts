// The chat's HTTP calls (§7 /api/chat/*; the ban reasons come with the app config, lib/config.ts).
// Answers keep the contract's field names (shared/api/chat.ts); failures arrive as lib/api ApiError.
import type { ChatMessageJson, MutesAnswer, QuizItemsAnswer, SendMessageAnswer } from "../../../../shared/api/chat";
import { api } from "../../lib/api";

export interface ModerationAnswer {
  success: boolean;
  message: string;
}

export const fetchMessages = () => api<{ messages: ChatMessageJson[] }>("/api/chat/getMessages");
export const sendMessage = (message: string) => api<SendMessageAnswer>("/api/chat/sendMessage", { message });
export const deleteMessage = (id: number, reasonId: number | null) =>
  api<ModerationAnswer>("/api/chat/delete", reasonId === null ? { id } : { id, reason_id: reasonId });
export const banUser = (userId: number, duration: number | null, reasonId: number) =>
  api<ModerationAnswer>("/api/chat/ban", { user_id: userId, duration, reason_id: reasonId });
export const unbanUser = (userId: number) => api<ModerationAnswer>("/api/chat/unBan", { id: userId });
export const fetchMutes = () => api<MutesAnswer>("/api/chat/mutes", {});
export const clearChat = () => api<ModerationAnswer>("/api/chat/clear", {});

export const fetchQuizItems = (search: string) => api<QuizItemsAnswer>("/api/admin/chat/quiz/items", search ? { market_hash_name: search } : {});
export const startQuiz = (question: string, answer: string, itemId: number) =>
  api<ModerationAnswer>("/api/admin/chat/quiz/start", { question, answer, item_id: itemId });
export const stopQuiz = () => api<ModerationAnswer>("/api/admin/chat/quiz/stop", {});
