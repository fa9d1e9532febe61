// The kept chat history in the room's storage (last CHAT.historySize messages, oldest first) and
// the message id counter, so an eviction or a restart keeps both: an id is saved before the
// message is broadcast, so ids are unique and increasing across restarts (and floored by the chat
// log's highest id at start, see floor()). The copy in memory is the one
// the room reads; every change is written through before the room answers.
import type { ChatMessageJson } from "../../../shared/api/chat";
import { keepLast, stamp, type Draft } from "./messages";

const HISTORY = "chat:history";
const SEQ = "chat:seq";

export class ChatHistory {
  private messages: ChatMessageJson[] = [];
  private seq = 0;

  constructor(private readonly storage: DurableObjectStorage) {}

  async load(): Promise<void> {
    const stored = await this.storage.get<unknown>([HISTORY, SEQ]);
    this.messages = (stored.get(HISTORY) as ChatMessageJson[] | undefined) ?? [];
    this.seq = (stored.get(SEQ) as number | undefined) ?? this.messages.reduce((max, m) => Math.max(max, m.id), 0);
  }

  /**
   * Raises the id counter to at least `id` (the chat log's highest id, read at start): should the
   * room's storage ever be lost or reset while D1 is not, new ids still never reuse logged ones.
   */
  async floor(id: number): Promise<void> {
    if (id <= this.seq) return;
    this.seq = id;
    await this.save();
  }

  list(): ChatMessageJson[] {
    return [...this.messages];
  }

  find(id: number): ChatMessageJson | undefined {
    return this.messages.find((m) => m.id === id);
  }

  /** Numbers and keeps a message. The memory copy changes at once (no await in between). */
  async append(draft: Draft, now: number): Promise<ChatMessageJson> {
    const message = stamp(draft, ++this.seq, now);
    this.messages = keepLast([...this.messages, message]);
    await this.save();
    return message;
  }

  /** Removes one message; false when it is not (or no longer) kept. */
  async remove(id: number): Promise<boolean> {
    const next = this.messages.filter((m) => m.id !== id);
    if (next.length === this.messages.length) return false;
    this.messages = next;
    await this.save();
    return true;
  }

  /** Empties the history, then keeps `draft` (the "chat cleared" notice) as its only message. */
  async reset(draft: Draft, now: number): Promise<{ removed: number; message: ChatMessageJson }> {
    const removed = this.messages.length;
    const message = stamp(draft, ++this.seq, now);
    this.messages = [message];
    await this.save();
    return { removed, message };
  }

  private async save(): Promise<void> {
    await this.storage.put({ [HISTORY]: this.messages, [SEQ]: this.seq });
  }
}
