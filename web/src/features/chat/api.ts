// The chat's HTTP calls (§7 /api/chat/*; the ban reasons come with the app config, lib/config.ts).
// Answers keep the contract's field names (shared/api/chat.ts); failures arrive as lib/api ApiError.
import { chatCalls, type StaffActionAnswer } from "../../../../shared/api/chat";
import { api } from "../../lib/api";
import type { MuteDuration } from "./state";

/** What every staff action answers: success and the key of the notice to show. */
export type ModerationAnswer = StaffActionAnswer;
/** A mute's minutes (CHAT.muteDurationsMinutes); null = forever. */
type MuteMinutes = Exclude<MuteDuration, "forever" | null>;

export const fetchMessages = () => api(chatCalls.getMessages);
export const sendMessage = (message: string) => api(chatCalls.sendMessage, { message });
export const deleteMessage = (id: number, reasonId: number | null) => api(chatCalls.delete, reasonId === null ? { id } : { id, reason_id: reasonId });
export const banUser = (userId: number, duration: MuteMinutes | null, reasonId: number) =>
  api(chatCalls.ban, { user_id: userId, duration, reason_id: reasonId });
export const unbanUser = (userId: number) => api(chatCalls.unBan, { id: userId });
export const fetchMutes = () => api(chatCalls.mutes, {});
export const clearChat = () => api(chatCalls.clear, {});

export const fetchQuizItems = (search: string) => api(chatCalls.quizItems, search ? { market_hash_name: search } : {});
export const startQuiz = (question: string, answer: string, itemId: number) => api(chatCalls.quizStart, { question, answer, item_id: itemId });
export const stopQuiz = () => api(chatCalls.quizStop, {});
