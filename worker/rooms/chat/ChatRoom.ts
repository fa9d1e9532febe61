// The chat room (/ws/chat, docs/api.md "Sockets"): the history and the quiz in its storage (both survive
// eviction), the one send path for the HTTP call and the socket frame (send.ts), and the
// moderation and quiz calls of the worker (reached through ./stub.ts). Every message it posts is
// also written to the chat log in D1 (./log.ts), right after its broadcast. Presence and per-user
// frames are the hub's (worker/rooms/hub.ts): the quiz winner's bell rings through it.
import { MessageCounts } from "./message-counts";
import type { ChatMessageJson, QuizJson, SendMessageAnswer } from "../../../shared/api/chat";
import { CHAT } from "../../../shared/constants";
import { chatProtocol, type ChatClientFrame, type ChatServerFrame } from "../../../shared/rooms/chat";
import { awardQuizItem, releaseQuizItem, reserveQuizItem, type QuizAward, type QuizRecord } from "../../chat/quiz";
import { auditStatement, writeAudit } from "../../lib/audit";
import { batch } from "../../db/sql";
import { withRequestIp } from "../../lib/request-context";
import { pushNotification } from "../../lib/notify";
import { Room, type BaseAttachment, type OwnFrame } from "../base/Room";
import { ChatHistory } from "./history";
import { deleteStatement, lastLoggedId, logMessages } from "./log";
import { systemDraft, type Draft } from "./messages";
import { isWinningAnswer, QuizStore, quizView, type QuizState } from "./quiz";
import { AttemptWindow, RateLimiter } from "./rate-limit";
import { d1SendContext, sendChat, type SendStatus } from "./send";

/** The room's one timer (an "online" timer stored when this room was also the hub is dropped, onAlarm). */
type ChatAlarm = "quizAward";

/** What postMessage answers: the HTTP status and the body both ways in share. */
export interface PostAnswer {
  status: SendStatus;
  body: SendMessageAnswer;
}
export interface QuizStartInput {
  question: string;
  answer: string;
  itemId: number;
  actorId: number;
}
export type QuizStartResult = { ok: true; quiz: QuizJson } | { ok: false; key: "chat_api.quiz_running" | "chat_api.quiz_item_unavailable" };
export type QuizStopResult = { ok: true } | { ok: false; key: "chat_api.quiz_not_running" };

const quizRecord = (q: QuizState): QuizRecord => ({ id: q.id, question: q.question, answer: q.answer, itemId: q.item.id, actorId: q.actorId });

export class ChatRoom extends Room<ChatClientFrame, ChatServerFrame, BaseAttachment, ChatAlarm> {
  protected readonly protocol = chatProtocol;
  private readonly chat = new ChatHistory(this.ctx.storage);
  private readonly quiz = new QuizStore(this.ctx.storage);
  private readonly counts = new MessageCounts(this.ctx.storage);
  private readonly limiters = { limiter: new RateLimiter(CHAT.minIntervalMs), attempts: new AttemptWindow(CHAT.maxAttemptsPerWindow, CHAT.attemptWindowMs) };
  /** A quiz start or stop is in flight (memory only: nothing is in flight after a restart). */
  private quizBusy = false;

  protected async onStart(): Promise<void> {
    await Promise.all([this.chat.load(), this.quiz.load()]);
    await this.syncLog();
    // a prize whose hand-over was cut short by a restart is handed over now
    if (this.quiz.current?.winner) await this.alarms.set("quizAward", Date.now());
  }

  // ── RPC (worker → chat, through ./stub.ts) ────────────────────────────────
  /** The send path of POST /api/chat/sendMessage (userId null = a visitor). */
  async postMessage(userId: number | null, text: string): Promise<PostAnswer> {
    await this.ready();
    const out = await sendChat(
      d1SendContext(this.env, this.limiters, (d) => this.keep(d)),
      userId,
      text,
      Date.now(),
    );
    if (out.posted) {
      // the log write starts now and is awaited last: no D1 wait comes between the broadcast and
      // the quiz check, so the first right answer posted is the one that wins
      const logged = logMessages(this.env, [out.posted]);
      if (out.posted.type === "MESSAGE") {
        if (userId !== null) await this.counts.add(userId);
        await this.checkAnswer(out.posted);
      }
      await logged;
    }
    return { status: out.status, body: out.body };
  }

  /** How many messages the player posted (the bonus pool's chat condition). */
  async messageCount(userId: number): Promise<number> {
    await this.ready();
    return this.counts.of(userId);
  }

  /** The kept history, oldest first. */
  async history(): Promise<ChatMessageJson[]> {
    await this.ready();
    return this.chat.list();
  }

  async quizState(): Promise<QuizJson> {
    await this.ready();
    return quizView(this.quiz.current, this.quiz.lastId);
  }

  /** A system message (user id 0): a key of the web "chat" namespace under system.*. */
  async systemMessage(key: `system.${string}`, params?: Record<string, string>): Promise<ChatMessageJson> {
    await this.ready();
    return this.post(systemDraft(key, params));
  }

  /** Staff delete (audited first, with the reason when given, then removed); false when the message is not kept. */
  async deleteMessage(id: number, actorId: number, reason: { id: number; name: string } | undefined, ip: string | null): Promise<boolean> {
    return withRequestIp(ip, () => this.deleteAudited(id, actorId, reason));
  }

  private async deleteAudited(id: number, actorId: number, reason: { id: number; name: string } | undefined): Promise<boolean> {
    await this.ready();
    const message = this.chat.find(id);
    if (!message) return false;
    const now = Date.now();
    // the audit row and the log's deleted mark: one batch, both land or neither
    await batch(this.env.DB, [
      auditStatement(
        {
          actorId,
          action: "chat.delete",
          targetUserId: message.user.id || null,
          details: { message_id: id, type: message.type, message: message.message, ...(reason ? { reason_id: reason.id, reason: reason.name } : {}) },
        },
        now,
      ),
      deleteStatement(message, actorId, reason?.name ?? null, now),
    ]);
    await this.chat.remove(id);
    this.sendAll({ event: "loadChat", data: { messages: this.chat.list() } });
    return true;
  }

  /** Staff clear: the history then holds only the "chat cleared" system message. */
  async clearChat(actorId: number, ip: string | null): Promise<void> {
    await withRequestIp(ip, () => this.clearAudited(actorId));
  }

  private async clearAudited(actorId: number): Promise<void> {
    await this.ready();
    await writeAudit(this.env, { actorId, action: "chat.clear", details: { messages: this.chat.list().length } });
    const { message } = await this.chat.reset(systemDraft("system.chat_cleared"), Date.now());
    this.sendAll({ event: "loadChat", data: { messages: this.chat.list() } });
    await logMessages(this.env, [message]);
  }

  async startQuiz(input: QuizStartInput, ip: string | null): Promise<QuizStartResult> {
    return withRequestIp(ip, () => this.startAudited(input));
  }

  private async startAudited(input: QuizStartInput): Promise<QuizStartResult> {
    await this.ready();
    if (this.quizBusy || this.quiz.current) return { ok: false, key: "chat_api.quiz_running" };
    this.quizBusy = true;
    try {
      const id = this.quiz.nextId();
      const item = await reserveQuizItem(this.env, { id, question: input.question, answer: input.answer, itemId: input.itemId, actorId: input.actorId });
      if (!item) return { ok: false, key: "chat_api.quiz_item_unavailable" };
      const quiz: QuizState = { id, question: input.question, answer: input.answer, item, actorId: input.actorId, startedAt: Date.now(), winner: null };
      await this.quiz.start(quiz);
      const view = quizView(quiz, id);
      this.sendAll({ event: "quizInit", data: view });
      return { ok: true, quiz: view };
    } finally {
      this.quizBusy = false;
    }
  }

  /** Ends the running quiz without a winner; the prize returns to the house stock. */
  async stopQuiz(actorId: number, ip: string | null): Promise<QuizStopResult> {
    return withRequestIp(ip, () => this.stopAudited(actorId));
  }

  private async stopAudited(actorId: number): Promise<QuizStopResult> {
    await this.ready();
    const quiz = this.quiz.current;
    if (this.quizBusy || !quiz || quiz.winner) return { ok: false, key: "chat_api.quiz_not_running" };
    this.quizBusy = true; // answers arriving meanwhile no longer win
    try {
      await releaseQuizItem(this.env, quizRecord(quiz), actorId);
      await this.quiz.end();
      this.sendAll({ event: "quizInit", data: quizView(null, quiz.id) });
      return { ok: true };
    } finally {
      this.quizBusy = false;
    }
  }

  // ── socket events ─────────────────────────────────────────────────────────
  protected newAttachment(_request: Request, base: BaseAttachment): BaseAttachment {
    return base;
  }

  protected onJoin(ws: WebSocket): void {
    this.sendTo(ws, { event: "loadChat", data: { messages: this.chat.list() } });
    this.sendTo(ws, { event: "quizInit", data: quizView(this.quiz.current, this.quiz.lastId) });
  }

  /**
   * sendMessage, the chat's one frame of its own (identity and ping are the room shell's); it
   * needs an identified socket. A new frame variant fails to compile here (no `message`).
   */
  protected async onFrame(ws: WebSocket, frame: OwnFrame<ChatClientFrame>, attachment: BaseAttachment): Promise<void> {
    const answer = await this.postMessage(attachment.userId, frame.data.message);
    if (ws.readyState === WebSocket.OPEN) this.sendTo(ws, { event: "chatAnswer", data: answer.body });
  }

  protected async onAlarm(name: ChatAlarm): Promise<void> {
    // Not a switch ending in exhaustive(): a timer of an older version of the room ("online")
    // may still be stored, and is dropped rather than retried for ever.
    if (name === "quizAward") await this.handOver();
  }

  // ── chat internals ────────────────────────────────────────────────────────
  /** Numbers, keeps and broadcasts a message (no D1: the caller logs it, see post()). */
  private async keep(draft: Draft): Promise<ChatMessageJson> {
    const message = await this.chat.append(draft, Date.now());
    this.sendAll({ event: "newMessage", data: message });
    return message;
  }

  /**
   * keep(), then the chat log's row. The log write is awaited AFTER the broadcast (players never
   * wait on D1) rather than left to ctx.waitUntil: the caller's answer (the sender's, the RPC's)
   * then means the row is there — the console and the tests read it at once — and one INSERT is a
   * short wait. A failed write is logged, never thrown (logMessages): the message stays in the
   * chat, and the next start re-logs the kept history (syncLog).
   */
  private async post(draft: Draft): Promise<ChatMessageJson> {
    const message = await this.keep(draft);
    await logMessages(this.env, [message]);
    return message;
  }

  /**
   * At start: floors the id counter at the log's highest id (ids stay unique even if this room's
   * storage was lost) and re-logs the kept history (a write that failed before lands now; the
   * rest are no-ops). A D1 failure here is logged and the room starts on its stored counter.
   */
  private async syncLog(): Promise<void> {
    try {
      await this.chat.floor(await lastLoggedId(this.env));
    } catch (err) {
      console.error("chat log: reading its last id failed", String(err));
    }
    await logMessages(this.env, this.chat.list());
  }

  /** A posted message that answers the quiz right wins it — only the first (no await before the mark). */
  private async checkAnswer(message: ChatMessageJson): Promise<void> {
    if (this.quizBusy || !isWinningAnswer(this.quiz.current, message.message, message.user.id)) return;
    await this.quiz.markWon({ userId: message.user.id, username: message.user.username });
    await this.handOver();
  }

  /** Moves the prize to the winner in D1, closes the banner, names the winner, rings their bell. */
  private async handOver(): Promise<void> {
    const quiz = this.quiz.current;
    if (!quiz?.winner) return;
    const winner = quiz.winner;
    let award: QuizAward;
    try {
      award = await awardQuizItem(this.env, quizRecord(quiz), winner.userId, quiz.item.name);
    } catch (err) {
      console.error("quiz hand-over failed, retrying", String(err));
      await this.alarms.set("quizAward", Date.now() + 1_000);
      return;
    }
    if (this.quiz.current?.id !== quiz.id) return; // a retry finished meanwhile
    await this.quiz.end();
    this.sendAll({ event: "quizInit", data: quizView(null, quiz.id) });
    if (award.result === "gone") return;
    await this.post(systemDraft("system.quiz_won", { username: winner.username, item: quiz.item.name }));
    // the bell row landed with the award; it rings through the hub (best effort, never throws)
    await pushNotification(this.env, winner.userId, award.notification);
  }
}
