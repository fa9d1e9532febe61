// The staff quiz dialog's checks (mirror shared quizStartBody): trimmed question and answer,
// non-empty within CHAT limits, and a prize chosen. Returns the first problem's locale key.
import { CHAT } from "../../../../shared/constants";

export interface QuizFormValues {
  question: string;
  answer: string;
  itemId: number | null;
}

export type QuizFormProblem = "quiz.need_question" | "quiz.need_answer" | "quiz.need_item";

export function quizFormProblem(v: QuizFormValues): QuizFormProblem | null {
  const q = v.question.trim();
  if (q.length === 0 || q.length > CHAT.quizQuestionMax) return "quiz.need_question";
  const a = v.answer.trim();
  if (a.length === 0 || a.length > CHAT.quizAnswerMax) return "quiz.need_answer";
  if (v.itemId === null) return "quiz.need_item";
  return null;
}
