// The one send path (spec §5 Chat) behind both POST /api/chat/sendMessage and the socket frame
// `sendMessage`: signed in → text 1–255 → not flooding (attempts, before D1) → not muted → minimum deposit (staff exempt) → command or
// no links (staff exempt) → not too fast → kept and broadcast. The answer body is the same for
// both ways in (the socket gets it as `chatAnswer`).
import type { ChatMessageJson, SendMessageAnswer } from "../../../shared/api/chat";
import { toDollars } from "../../../shared/money";
import { chatAuthor, type ActiveMute, type ChatAuthor } from "../../chat/author";
import { balanceCard, betCard, statsCard } from "../../chat/commands";
import { chatMinDepositCents } from "../../chat/config";
import { chatUser, type Draft } from "./messages";
import type { AttemptWindow, RateLimiter } from "./rate-limit";
import { checkText, containsLink, muteMinutesLeft, parseCommand, type ChatCommand } from "./rules";

export type SendStatus = 200 | 400 | 401 | 403 | 404 | 429;

export interface SendOutcome {
  status: SendStatus;
  body: SendMessageAnswer;
  /** the message kept and broadcast (absent when refused) */
  posted?: ChatMessageJson;
}

export interface SendContext {
  minDepositCents: number;
  limiter: RateLimiter;
  /** every attempt counts here, before any D1 read */
  attempts: AttemptWindow;
  /** The author's row, roles, active mute and deposits (D1, one batch); null = no such user. */
  author(userId: number, now: number): Promise<ChatAuthor | null>;
  /** The card a known command posts, or the refusal (unknown command, no such round). */
  command(command: ChatCommand, author: ChatAuthor, text: string): Promise<{ draft: Draft } | { refused: SendOutcome }>;
  /** Numbers, keeps and broadcasts a message. */
  post(draft: Draft): Promise<ChatMessageJson>;
}

/** The room's context: D1 for authors and command cards. */
export function d1SendContext(
  env: Pick<Env, "DB" | "CHAT_MIN_DEPOSIT_CENTS">,
  limiters: { limiter: RateLimiter; attempts: AttemptWindow },
  post: (draft: Draft) => Promise<ChatMessageJson>,
): SendContext {
  return {
    minDepositCents: chatMinDepositCents(env),
    ...limiters,
    author: (userId, now) => chatAuthor(env, userId, now),
    command: (command, author, text) => commandDraft(env, command, author, text),
    post,
  };
}

/** Every key the send path refuses with (the contract chatCalls.sendMessage declares each). */
export type SendRefusalKey =
  | "chat_api.unauthorized"
  | "chat_api.empty"
  | "chat_api.too_long"
  | "chat_api.too_fast"
  | "user_api.banned"
  | "chat_api.banned"
  | "chat_api.banned_forever"
  | "user_api.excluded"
  | "chat_api.min_deposit"
  | "chat_api.links"
  | "chat_api.round_not_found"
  | "chat_api.command_not_found";

function refuse(status: Exclude<SendStatus, 200>, message: SendRefusalKey, extra: Omit<SendMessageAnswer, "status" | "message"> = {}): SendOutcome {
  return { status, body: { status: "error", message, ...extra } };
}

/** The answer for a muted author: minutes left and the reason, or banned forever. */
export function muteAnswer(mute: ActiveMute, now: number): SendOutcome {
  const minutes = muteMinutesLeft(mute.until, now);
  return minutes === null
    ? refuse(403, "chat_api.banned_forever", { duration: null, reason: mute.reason })
    : refuse(403, "chat_api.banned", { duration: minutes, reason: mute.reason });
}

export async function sendChat(ctx: SendContext, userId: number | null, raw: string, now: number): Promise<SendOutcome> {
  if (userId === null) return refuse(401, "chat_api.unauthorized");
  const text = checkText(raw);
  if (!text.ok) return refuse(400, text.key);
  if (!ctx.attempts.take(userId, now)) return refuse(429, "chat_api.too_fast");

  const author = await ctx.author(userId, now);
  if (!author) return refuse(401, "chat_api.unauthorized");
  if (author.banned) return refuse(403, "user_api.banned");
  if (author.mute) return muteAnswer(author.mute, now);
  if (author.excluded) return refuse(403, "user_api.excluded");
  if (!author.isStaff && author.totalDepositCents < ctx.minDepositCents) return refuse(403, "chat_api.min_deposit", { sum: toDollars(ctx.minDepositCents) });

  const command = parseCommand(text.text);
  let draft: Draft;
  if (command) {
    const card = await ctx.command(command, author, text.text);
    if ("refused" in card) return card.refused;
    draft = card.draft;
  } else {
    if (!author.isStaff && containsLink(text.text)) return refuse(400, "chat_api.links");
    draft = { type: "MESSAGE", user: chatUser(author), message: text.text };
  }

  // checked and counted in one synchronous step, right before the message is kept
  if (!ctx.limiter.take(author.id, now)) return refuse(429, "chat_api.too_fast");
  const posted = await ctx.post(draft);
  return { status: 200, body: { status: "success", message: command ? "chat_api.command_sent" : "chat_api.message_sent" }, posted };
}

async function commandDraft(
  env: Pick<Env, "DB">,
  command: ChatCommand,
  author: ChatAuthor,
  text: string,
): Promise<{ draft: Draft } | { refused: SendOutcome }> {
  const user = chatUser(author);
  switch (command.kind) {
    case "stats":
      return { draft: { type: "stats", user, message: text, stats: await statsCard(env, author.id) } };
    case "balance":
      return { draft: { type: "balance", user, message: text, stats: await balanceCard(env, author.id) } };
    case "bet": {
      const card = await betCard(env, command.roundId, author.id);
      if (!card) return { refused: refuse(404, "chat_api.round_not_found") };
      return { draft: { type: "bet", user, message: text, stats: card } };
    }
    case "unknown":
      return { refused: refuse(400, "chat_api.command_not_found") };
  }
}
