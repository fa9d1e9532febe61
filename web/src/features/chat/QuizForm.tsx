// Staff quiz dialogs: start (question, answer, a prize from the house inventory found
// by name) and stop (confirm first). The server checks staff again and answers a notice key.
import { useQuery } from "@tanstack/react-query";
import { useDeferredValue, useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { CHAT } from "../../../../shared/constants";
import { notify, useUiStore } from "../../lib/uiStore";
import { ItemImage } from "../../ui/ItemImage";
import { Money } from "../../ui/Money";
import { fetchQuizItems, startQuiz, stopQuiz } from "./api";
import { staffFailureKey } from "./notice";
import { StaffConfirm } from "./StaffConfirm";
import { quizFormProblem, type QuizFormProblem } from "./quizFormCheck";
import { useItemName } from "../../ui/itemWords";

export function QuizStartForm() {
  const itemName = useItemName();
  const { t } = useTranslation("chat");
  const closeModal = useUiStore((s) => s.closeModal);
  const [question, setQuestion] = useState("");
  const [answer, setAnswer] = useState("");
  const [search, setSearch] = useState("");
  const [itemId, setItemId] = useState<number | null>(null);
  const [problem, setProblem] = useState<QuizFormProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const term = useDeferredValue(search.trim());
  const items = useQuery({ queryKey: ["chat", "quizItems", term], queryFn: () => fetchQuizItems(term), staleTime: 10_000 });
  const ids = { q: useId(), a: useId(), aHint: useId(), s: useId(), list: useId(), err: useId() };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const p = quizFormProblem({ question, answer, itemId });
    setProblem(p);
    if (p || itemId === null) return;
    setBusy(true);
    try {
      const res = await startQuiz(question.trim(), answer.trim(), itemId);
      notify({ type: "success", message: res.message });
      closeModal();
    } catch (err) {
      notify({ type: "error", message: staffFailureKey(err, "chat_error.quiz_start") });
      void items.refetch();
    } finally {
      setBusy(false);
    }
  };

  const list = items.data?.items ?? [];
  return (
    <form className="chat-quiz-form" onSubmit={submit} noValidate aria-busy={busy}>
      <label htmlFor={ids.q}>{t("quiz.question")}</label>
      <input
        id={ids.q}
        className="input"
        value={question}
        maxLength={CHAT.quizQuestionMax}
        onChange={(e) => {
          setQuestion(e.target.value);
          setProblem(null);
        }}
        aria-invalid={problem === "quiz.need_question" || undefined}
        aria-describedby={problem === "quiz.need_question" ? ids.err : undefined}
      />
      <label htmlFor={ids.a}>{t("quiz.answer")}</label>
      <input
        id={ids.a}
        className="input"
        value={answer}
        maxLength={CHAT.quizAnswerMax}
        autoComplete="off"
        onChange={(e) => {
          setAnswer(e.target.value);
          setProblem(null);
        }}
        aria-invalid={problem === "quiz.need_answer" || undefined}
        aria-describedby={problem === "quiz.need_answer" ? `${ids.aHint} ${ids.err}` : ids.aHint}
      />
      <p id={ids.aHint} className="chat-modal-note">
        {t("quiz.answer_hint")}
      </p>
      <label htmlFor={ids.s}>{t("quiz.search")}</label>
      <input id={ids.s} className="input" type="search" value={search} maxLength={100} onChange={(e) => setSearch(e.target.value)} aria-controls={ids.list} />
      <fieldset className="chat-quiz-prizes" aria-invalid={problem === "quiz.need_item" || undefined}>
        <legend>{t("quiz.prizes")}</legend>
        <div id={ids.list} className="chat-quiz-prize-list" role="radiogroup" aria-busy={items.isFetching}>
          {items.isPending ? <p className="chat-modal-note">{t("quiz.loading")}</p> : null}
          {!items.isPending && list.length === 0 ? <p className="chat-modal-note">{t("quiz.no_items")}</p> : null}
          {list.map((item) => (
            <label key={item.id} className={`chat-quiz-prize${itemId === item.id ? " is-selected" : ""}`} style={{ borderColor: item.rarity_color }}>
              <input
                type="radio"
                name="quiz-prize"
                value={item.id}
                checked={itemId === item.id}
                onChange={() => {
                  setItemId(item.id);
                  setProblem(null);
                }}
              />
              <span aria-hidden="true">
                <ItemImage name={item.market_hash_name} image={item.image} rarityColor={item.rarity_color} size={48} />
              </span>
              <span className="chat-quiz-prize-name">{itemName(item.market_hash_name)}</span>
              <Money amount={item.price} className="chat-quiz-prize-price" />
            </label>
          ))}
        </div>
      </fieldset>
      {problem ? (
        <p id={ids.err} className="chat-send-hint is-error" role="alert">
          {t(problem, { max: problem === "quiz.need_question" ? CHAT.quizQuestionMax : CHAT.quizAnswerMax })}
        </p>
      ) : null}
      <div className="chat-modal-actions">
        <button type="button" className="button" onClick={closeModal}>
          {t("quiz.cancel")}
        </button>
        <button type="submit" className="button button-primary" disabled={busy}>
          {t("quiz.start")}
        </button>
      </div>
    </form>
  );
}

export function QuizStopBody() {
  const { t } = useTranslation("chat");
  return (
    <StaffConfirm text={t("quiz.stop_text")} cancel={t("quiz.cancel")} confirm={t("quiz.stop_confirm")} action={stopQuiz} failureKey="chat_error.quiz_stop" />
  );
}
