// /api/admin/chat/* (staff): the chat quiz. The prize is a house item reserved while the quiz
// runs; the chat room holds the quiz and hands the prize to the first right answer.
import { chatCalls } from "../../../shared/api/chat";
import { chatRoom } from "../../rooms/chat/stub";
import { houseQuizItems } from "../../chat/quiz-items";
import { requestIp } from "../../lib/request-context";
import { contractRoutes, refuse, serve } from "../contract-routes";

export const adminChatRoutes = contractRoutes();

serve(adminChatRoutes, chatCalls.quizStart, async (c) => {
  const { question, answer: solution, item_id } = c.req.valid("json");
  const result = await chatRoom(c.env).startQuiz({ question, answer: solution, itemId: item_id, actorId: c.get("user").id }, requestIp());
  if (!result.ok) return refuse(c, chatCalls.quizStart, result.key);
  return c.json({ success: true as const, message: "chat_api.quiz_started" as const, quiz: result.quiz }, 200);
});

serve(adminChatRoutes, chatCalls.quizItems, async (c) => {
  const { market_hash_name } = c.req.valid("json");
  return c.json({ items: await houseQuizItems(c.env.DB, market_hash_name ?? "") }, 200);
});

serve(adminChatRoutes, chatCalls.quizStop, async (c) => {
  const result = await chatRoom(c.env).stopQuiz(c.get("user").id, requestIp());
  if (!result.ok) return refuse(c, chatCalls.quizStop, result.key);
  return c.json({ success: true as const, message: "chat_api.quiz_stopped" as const }, 200);
});
