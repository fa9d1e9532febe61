import { describe, expect, it } from "vitest";
import { CHAT } from "../../shared/constants";
import { quizFormProblem } from "../../web/src/features/chat/quizFormCheck";

const ok = { question: "2 + 2?", answer: "4", itemId: 7 };

describe("quizFormProblem", () => {
  it("accepts a filled form at the limits", () => {
    expect(quizFormProblem(ok)).toBeNull();
    expect(quizFormProblem({ ...ok, question: "q".repeat(CHAT.quizQuestionMax), answer: ` ${"a".repeat(CHAT.quizAnswerMax)} ` })).toBeNull();
  });
  it("names the first problem", () => {
    expect(quizFormProblem({ ...ok, question: "   " })).toBe("quiz.need_question");
    expect(quizFormProblem({ ...ok, question: "q".repeat(CHAT.quizQuestionMax + 1) })).toBe("quiz.need_question");
    expect(quizFormProblem({ ...ok, answer: "" })).toBe("quiz.need_answer");
    expect(quizFormProblem({ ...ok, answer: "a".repeat(CHAT.quizAnswerMax + 1) })).toBe("quiz.need_answer");
    expect(quizFormProblem({ ...ok, itemId: null })).toBe("quiz.need_item");
    expect(quizFormProblem({ question: "", answer: "", itemId: null })).toBe("quiz.need_question");
  });
});
