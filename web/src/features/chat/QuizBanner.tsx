// The quiz banner (§3 Chat state quiz, §4): shown while a quiz is active, with the question and
// the prize. The one polite live region of the chat, so a screen reader hears a quiz start.
import { useTranslation } from "react-i18next";
import { ItemImage } from "../../ui/ItemImage";
import { Money } from "../../ui/Money";
import { useChat } from "./store";
import { useItemName } from "../../ui/itemWords";

export function QuizBanner() {
  const itemName = useItemName();
  const { t } = useTranslation("chat");
  const quiz = useChat((s) => s.quiz);
  const active = quiz?.isActive ? quiz : null;
  return (
    <div className="chat-quiz-live" aria-live="polite">
      {active ? (
        <section className="chat-quiz" aria-label={t("quiz.title")} data-testid="chat-quiz">
          {active.item ? (
            <ItemImage
              name={active.item.market_hash_name}
              image={active.item.image}
              rarityColor={active.item.rarity_color}
              size={64}
              className="chat-quiz-item"
            />
          ) : null}
          <div className="chat-quiz-text">
            <h3 className="chat-quiz-title">{t("quiz.title")}</h3>
            <p className="chat-quiz-question">{active.question}</p>
            {active.item ? (
              <p className="chat-quiz-prize">
                {t("quiz.prize", { item: itemName(active.item.market_hash_name) })} · <Money amount={active.item.price} />
              </p>
            ) : null}
            <p className="chat-quiz-hint">{t("quiz.hint")}</p>
          </div>
        </section>
      ) : null}
    </div>
  );
}
