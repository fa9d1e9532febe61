// /api/admin/chat/* (staff): the chat quiz. The prize is a house item reserved while the quiz
// runs; the chat room holds the quiz and hands the prize to the first right answer.
import { Hono } from "hono";
import { quizItemsAnswer, quizItemsBody, quizStartAnswer, quizStartBody, quizStopAnswer } from "../../../shared/api/chat";
import { emptyBody } from "../../../shared/api/common";
import { requireStaff } from "../../auth/middleware";
import type { AppEnv } from "../../env";
import { fail, jsonBody } from "../../lib/http";
import { chatRoom } from "../../rooms/chat/stub";
import { houseQuizItems } from "../../chat/quiz-items";
import { answer } from "../answer";

export const adminChatRoutes = new Hono<AppEnv>()
  .use(requireStaff("chat_api.forbidden"))
  .post("/quiz/start", jsonBody(quizStartBody), async (c) => {
    const { question, answer: solution, item_id } = c.req.valid("json");
    const result = await chatRoom(c.env).startQuiz({ question, answer: solution, itemId: item_id, actorId: c.get("user").id });
    if (!result.ok) return fail(c, 409, result.key);
    return answer(c, quizStartAnswer, { success: true, message: "chat_api.quiz_started", quiz: result.quiz });
  })
  .post("/quiz/items", jsonBody(quizItemsBody), async (c) => {
    const { market_hash_name } = c.req.valid("json");
    return answer(c, quizItemsAnswer, { items: await houseQuizItems(c.env.DB, market_hash_name ?? "") });
  })
  .post("/quiz/stop", jsonBody(emptyBody), async (c) => {
    const result = await chatRoom(c.env).stopQuiz(c.get("user").id);
    if (!result.ok) return fail(c, 409, result.key);
    return answer(c, quizStopAnswer, { success: true, message: "chat_api.quiz_stopped" });
  });
