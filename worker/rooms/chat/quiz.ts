// The chat quiz: what the room keeps in storage and how an answer is matched (pure),
// plus a small store. The prize is a house item reserved in D1 (status 'quiz') while it runs.
import type { ItemJson } from "../../../shared/api/crash";
import type { QuizJson } from "../../../shared/api/chat";

export interface QuizWinner {
  userId: number;
  username: string;
}

export interface QuizState {
  id: number;
  question: string;
  answer: string;
  item: ItemJson;
  /** the staff member who started it (cannot win it; the audit rows name them) */
  actorId: number;
  startedAt: number;
  /** set the moment the first right answer arrives; the prize is then being handed over */
  winner: QuizWinner | null;
}

/** Trimmed, case-folded, inner spaces collapsed; "ё" counts as "е" (Russian answers). */
export function foldAnswer(text: string): string {
  return text.normalize("NFKC").trim().replace(/\s+/g, " ").toLowerCase().replace(/ё/g, "е");
}

/** Whether `text` from `userId` wins the running quiz (none won yet, not its own starter). */
export function isWinningAnswer(quiz: QuizState | null, text: string, userId: number): boolean {
  if (!quiz || quiz.winner || userId === quiz.actorId) return false;
  return foldAnswer(text) === foldAnswer(quiz.answer);
}

/** The banner (§3 Chat state quiz). An ended quiz (or none) shows inactive and empty. */
export function quizView(quiz: QuizState | null, lastId: number): QuizJson {
  if (quiz && !quiz.winner) return { id: quiz.id, isActive: true, question: quiz.question, item: quiz.item };
  return { id: quiz?.id ?? lastId, isActive: false, question: "", item: null };
}

const QUIZ = "chat:quiz";
const QUIZ_SEQ = "chat:quizSeq";

/** The running quiz (or the one being handed over) and the last quiz id, in room storage. */
export class QuizStore {
  current: QuizState | null = null;
  lastId = 0;

  constructor(private readonly storage: DurableObjectStorage) {}

  async load(): Promise<void> {
    const stored = await this.storage.get<unknown>([QUIZ, QUIZ_SEQ]);
    this.current = (stored.get(QUIZ) as QuizState | undefined) ?? null;
    this.lastId = (stored.get(QUIZ_SEQ) as number | undefined) ?? 0;
  }

  nextId(): number {
    return this.lastId + 1;
  }

  async start(quiz: QuizState): Promise<void> {
    this.current = quiz;
    this.lastId = Math.max(this.lastId, quiz.id);
    await this.storage.put({ [QUIZ]: quiz, [QUIZ_SEQ]: this.lastId });
  }

  /** Marks the winner at once (memory first, so a second right answer already loses). */
  async markWon(winner: QuizWinner): Promise<QuizState> {
    const quiz = { ...this.current!, winner };
    this.current = quiz;
    await this.storage.put(QUIZ, quiz);
    return quiz;
  }

  async end(): Promise<void> {
    this.current = null;
    await this.storage.delete(QUIZ);
  }
}
