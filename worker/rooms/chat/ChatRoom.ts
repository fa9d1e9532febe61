// The chat room, which is also the site hub (README "Where things are"): every client keeps /ws/chat open.
// It tracks who is online and relays site-wide and per-user events that the worker and the
// other rooms push by RPC (notifyUser, broadcast, setMaintenance). As the chat it keeps the
// history and the quiz in its storage (both survive eviction), runs the one send path for the
// HTTP call and the socket frame (send.ts), and the moderation and quiz calls of the worker.
import type { ChatMessageJson, QuizJson, SendMessageAnswer } from "../../../shared/api/chat";
import { CHAT, HUB } from "../../../shared/constants";
import { chatProtocol, type ChatClientFrame, type ChatServerFrame, type OnlineCounts } from "../../../shared/rooms/chat";
import { exhaustive } from "../../../shared/rooms/frame";
import { awardQuizItem, releaseQuizItem, reserveQuizItem, type QuizAward, type QuizRecord } from "../../chat/quiz";
import { writeAudit } from "../../lib/audit";
import { Room, type BaseAttachment, type Delivery } from "../base/Room";
import type { SessionEnd } from "../base/session-sockets";
import { ChatHistory } from "./history";
import { resolveIdentity } from "./identity";
import { systemDraft, type Draft } from "./messages";
import { bindIdentity, countOnline, onlineSchedule, sameCounts } from "./presence";
import { isWinningAnswer, QuizStore, quizView, type QuizState } from "./quiz";
import { AttemptWindow, RateLimiter } from "./rate-limit";
import { d1SendContext, sendChat, type SendStatus } from "./send";

export type HubAttachment = BaseAttachment;
type HubAlarm = "online" | "quizAward";

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

export class ChatRoom extends Room<ChatClientFrame, ChatServerFrame, HubAttachment, HubAlarm> {
  protected readonly protocol = chatProtocol;
  // Only to skip repeats and to throttle; the counts themselves come from the sockets.
  private lastOnline: { counts: OnlineCounts; at: number } | undefined;
  private readonly chat = new ChatHistory(this.ctx.storage);
  private readonly quiz = new QuizStore(this.ctx.storage);
  private readonly limiters = { limiter: new RateLimiter(CHAT.minIntervalMs), attempts: new AttemptWindow(CHAT.maxAttemptsPerWindow, CHAT.attemptWindowMs) };
  /** A quiz start or stop is in flight (memory only: nothing is in flight after a restart). */
  private quizBusy = false;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    void ctx.blockConcurrencyWhile(async () => {
      await Promise.all([this.chat.load(), this.quiz.load()]);
      // a prize whose hand-over was cut short by a restart is handed over now
      if (this.quiz.current?.winner) await this.alarms.set("quizAward", Date.now());
    });
  }

  // ── RPC (worker and rooms → hub) ──────────────────────────────────────────
  /** Sends `frame` to every socket of the user (a frame the schema rejects is refused). */
  async notifyUser(userId: number, frame: ChatServerFrame): Promise<Delivery> {
    const mine = (a: HubAttachment) => a.userId === userId;
    const delivery = this.deliver(frame, mine);
    // A banned user's sockets stay open as visitors (the SPA logs out with the banned notice).
    if (frame.event === "userBanned" && !delivery.refused) await this.unbind(mine);
    return delivery;
  }

  /** Sends `frame` to every open socket. */
  async broadcast(frame: ChatServerFrame): Promise<Delivery> {
    return this.deliver(frame);
  }

  /** Tells every client that maintenance was switched (spec §4: on → notice, bets blocked). */
  async setMaintenance(on: boolean): Promise<Delivery> {
    return this.deliver({ event: "refreshPage", data: { maintenance: on } });
  }

  async online(): Promise<OnlineCounts> {
    return this.counts();
  }

  // ── RPC: chat ─────────────────────────────────────────────────────────────
  /** The send path of POST /api/chat/sendMessage (userId null = a visitor). */
  async postMessage(userId: number | null, text: string): Promise<PostAnswer> {
    const out = await sendChat(
      d1SendContext(this.env, this.limiters, (d) => this.post(d)),
      userId,
      text,
      Date.now(),
    );
    if (out.posted?.type === "MESSAGE") await this.checkAnswer(out.posted);
    return { status: out.status, body: out.body };
  }

  /** The kept history, oldest first. */
  async history(): Promise<ChatMessageJson[]> {
    return this.chat.list();
  }

  async quizState(): Promise<QuizJson> {
    return quizView(this.quiz.current, this.quiz.lastId);
  }

  /** A system message (user id 0): a key of the web "chat" namespace under system.*. */
  async systemMessage(key: `system.${string}`, params?: Record<string, string>): Promise<ChatMessageJson> {
    return this.post(systemDraft(key, params));
  }

  /** Staff delete (audited first, with the reason when given, then removed); false when the message is not kept. */
  async deleteMessage(id: number, actorId: number, reason?: { id: number; name: string }): Promise<boolean> {
    const message = this.chat.find(id);
    if (!message) return false;
    await writeAudit(this.env, {
      actorId,
      action: "chat.delete",
      targetUserId: message.user.id || null,
      details: { message_id: id, type: message.type, message: message.message, ...(reason ? { reason_id: reason.id, reason: reason.name } : {}) },
    });
    await this.chat.remove(id);
    this.sendAll({ event: "loadChat", data: { messages: this.chat.list() } });
    return true;
  }

  /** Staff clear: the history then holds only the "chat cleared" system message. */
  async clearChat(actorId: number): Promise<void> {
    await writeAudit(this.env, { actorId, action: "chat.clear", details: { messages: this.chat.list().length } });
    await this.chat.reset(systemDraft("system.chat_cleared"), Date.now());
    this.sendAll({ event: "loadChat", data: { messages: this.chat.list() } });
  }

  async startQuiz(input: QuizStartInput): Promise<QuizStartResult> {
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
  async stopQuiz(actorId: number): Promise<QuizStopResult> {
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
  protected newAttachment(_request: Request, base: BaseAttachment): HubAttachment {
    return base;
  }

  /** A banned player's sockets hear userBanned (the SPA's banned path) before they are closed. */
  protected farewell(why: SessionEnd): ChatServerFrame | undefined {
    return why === "banned" ? { event: "userBanned", data: {} } : undefined;
  }

  protected async onJoin(ws: WebSocket): Promise<void> {
    // The newcomer always learns the counts at once, even when the broadcast is coalesced.
    if (!(await this.onlineChanged())) this.sendTo(ws, { event: "online", data: this.counts() });
    this.sendTo(ws, { event: "loadChat", data: { messages: this.chat.list() } });
    this.sendTo(ws, { event: "quizInit", data: quizView(this.quiz.current, this.quiz.lastId) });
  }

  protected async onLeave(): Promise<void> {
    await this.onlineChanged();
  }

  protected async onFrame(ws: WebSocket, frame: ChatClientFrame, attachment: HubAttachment): Promise<void> {
    switch (frame.event) {
      case "identity":
        return this.identify(ws, frame.data.apiToken);
      case "ping":
        this.sendTo(ws, { event: "pong", data: {} });
        return;
      case "sendMessage": {
        const answer = await this.postMessage(attachment.userId, frame.data.message);
        if (ws.readyState === WebSocket.OPEN) this.sendTo(ws, { event: "chatAnswer", data: answer.body });
        return;
      }
      default:
        return exhaustive(frame);
    }
  }

  protected async onAlarm(name: HubAlarm): Promise<void> {
    switch (name) {
      case "online":
        this.publishOnline(Date.now());
        return;
      case "quizAward":
        return this.handOver();
      default:
        return exhaustive(name);
    }
  }

  // ── chat internals ────────────────────────────────────────────────────────
  private async post(draft: Draft): Promise<ChatMessageJson> {
    const message = await this.chat.append(draft, Date.now());
    this.sendAll({ event: "newMessage", data: message });
    return message;
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
    // the bell row landed with the award; pushed here (the room is the hub)
    if (award.notification) this.deliver({ event: "notification", data: award.notification }, (a) => a.userId === winner.userId);
  }

  // ── presence ──────────────────────────────────────────────────────────────
  private async identify(ws: WebSocket, apiToken: string): Promise<void> {
    const identity = await resolveIdentity(this.env, apiToken);
    if (ws.readyState !== WebSocket.OPEN) return; // closed while D1 answered
    const { attachment, reply } = bindIdentity(this.attachment(ws), identity);
    this.setAttachment(ws, attachment);
    if (reply) this.sendTo(ws, reply);
    await this.onlineChanged();
  }

  private async unbind(which: (a: HubAttachment) => boolean): Promise<void> {
    for (const ws of this.sockets()) {
      const a = this.attachment(ws);
      if (which(a)) this.setAttachment(ws, { ...a, userId: null, session: null });
    }
    await this.onlineChanged();
  }

  private counts(): OnlineCounts {
    return countOnline(this.sockets().map((ws) => this.attachment(ws)));
  }

  /** Broadcasts the counts now (→ true) or arms the coalescing timer (→ false). */
  private async onlineChanged(): Promise<boolean> {
    const now = Date.now();
    const plan = onlineSchedule(this.lastOnline?.at, now, HUB.onlineThrottleMs);
    if ("now" in plan) return this.publishOnline(now);
    if ((await this.alarms.deadline("online")) === undefined) await this.alarms.set("online", plan.at);
    return false;
  }

  private publishOnline(now: number): boolean {
    const counts = this.counts();
    if (sameCounts(this.lastOnline?.counts, counts)) return false;
    this.sendAll({ event: "online", data: counts });
    this.lastOnline = { counts, at: now };
    return true;
  }
}
