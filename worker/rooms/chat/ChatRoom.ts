// PLACEHOLDER shell, replaced by the realtime hub work.
import { DurableObject } from "cloudflare:workers";

export class ChatRoom extends DurableObject<Env> {
  async notifyUser(_userId: number, _frame: { event: string; data: unknown }): Promise<void> {}
  async broadcast(_frame: { event: string; data: unknown }): Promise<void> {}
}
