// The giveaways' clock and draw (docs/games.md "Giveaways"): one Durable Object that starts giveaways
// (the chain's next link), draws each at its end time from a named alarm, and pushes setRaffle to
// every tab over the hub (site-wide frames travel there; this room has no sockets of its own).
// D1 holds the giveaways: the draw is one guarded batch, so an alarm run twice, an eviction at the
// end time or a retry after a failure draws and pays exactly once. Joins go to D1 from the API;
// the room only coalesces their frames (at most one per GIVEAWAY.frameMs).
import { DurableObject } from "cloudflare:workers";
import { GIVEAWAY } from "../../../shared/constants";
import type { HubServerFrame } from "../../../shared/rooms/hub";
import { giveawayWinner } from "../../../shared/giveaway";
import { cancelGiveaway, drawGiveaway, type GiveawayPlan, startGiveaway } from "../../giveaways/batches";
import { giveawayConfig } from "../../giveaways/config";
import { activeGiveaway, giveawayRow, openGiveawayRow, pastJson, participantIds } from "../../giveaways/queries";
import { first, sql } from "../../db/sql";
import { pushNotification } from "../../lib/notify";
import { withRequestIp } from "../../lib/request-context";
import { NamedAlarms } from "../base/alarms";
import { hub } from "../hub";
import { giveawaySeeds } from "./seeds";

type Timer = "draw" | "frame";
const TIMERS: readonly Timer[] = ["draw", "frame"];

export type StartAnswer = { ok: true; id: number } | { ok: false; key: "giveaway_api.item_unavailable" | "giveaway_api.already_active" };

export class GiveawayRoom extends DurableObject<Env> {
  private readonly alarms = new NamedAlarms<Timer>(this.ctx.storage);
  private readonly seeds = giveawaySeeds(this.env, this.ctx.storage);
  private lastFrameAt = 0;

  // ── RPC ───────────────────────────────────────────────────────────────────
  /** Staff start a giveaway: giveaway k = the next link of the chain; one at a time. */
  async start(plan: GiveawayPlan, actorId: number, ip: string | null): Promise<StartAnswer> {
    return this.ctx.blockConcurrencyWhile(() => withRequestIp(ip, () => this.startAudited(plan, actorId)));
  }

  private async startAudited(plan: GiveawayPlan, actorId: number): Promise<StartAnswer> {
    const now = Date.now();
    const seed = await this.seeds.seed(await this.nextId(), now);
    const started = await startGiveaway(this.env, plan, seed, actorId, now);
    if (!started.ok) return started;
    await this.schedule();
    await this.broadcast(null);
    return { ok: true as const, id: seed.id };
  }

  /** Staff cancel the running giveaway `id`: the prize goes back to the house. */
  async cancel(
    id: number,
    actorId: number,
    ip: string | null,
  ): Promise<{ ok: true } | { ok: false; key: "giveaway_api.not_found" | "giveaway_api.cannot_cancel" }> {
    return this.ctx.blockConcurrencyWhile(() => withRequestIp(ip, () => this.cancelAudited(id, actorId)));
  }

  private async cancelAudited(
    id: number,
    actorId: number,
  ): Promise<{ ok: true } | { ok: false; key: "giveaway_api.not_found" | "giveaway_api.cannot_cancel" }> {
    const row = await giveawayRow(this.env, id);
    if (!row) return { ok: false as const, key: "giveaway_api.not_found" as const };
    const done = await cancelGiveaway(this.env, row, actorId, Date.now());
    if (!done.ok) return done;
    await this.schedule();
    await this.broadcast(null);
    return { ok: true as const };
  }

  /** A player joined (already in D1): everyone sees the new count, at most once per GIVEAWAY.frameMs. */
  async joined(): Promise<void> {
    const now = Date.now();
    if (now - this.lastFrameAt >= GIVEAWAY.frameMs) {
      this.lastFrameAt = now;
      await this.broadcast(null);
      return;
    }
    if ((await this.alarms.deadline("frame")) === undefined) await this.alarms.set("frame", this.lastFrameAt + GIVEAWAY.frameMs);
  }

  /** Draws what is due now (the API calls this when it sees a giveaway past its end: a lost alarm). */
  async tick(): Promise<void> {
    await this.ctx.blockConcurrencyWhile(() => this.drawDue());
    await this.schedule();
  }

  // ── alarm ─────────────────────────────────────────────────────────────────
  override async alarm(): Promise<void> {
    const due = await this.alarms.takeDue(Date.now());
    if (due.includes("draw")) await this.ctx.blockConcurrencyWhile(() => this.drawDue());
    if (due.includes("frame") && !due.includes("draw")) {
      this.lastFrameAt = Date.now();
      await this.broadcast(null);
    }
    await this.schedule();
  }

  // ── internals ─────────────────────────────────────────────────────────────
  private async nextId(): Promise<number> {
    const row = await first<{ k: number }>(this.env.DB, sql`SELECT COALESCE(MAX(id), 0) + 1 AS k FROM giveaways`);
    return row?.k ?? 1;
  }

  /** The draw timer at the running giveaway's end (none running: no timer). */
  private async schedule(): Promise<void> {
    const open = await openGiveawayRow(this.env);
    const timers = new Map<Timer, number>();
    if (open) timers.set("draw", open.ends_at);
    const frame = await this.alarms.deadline("frame");
    if (frame !== undefined) timers.set("frame", frame);
    await this.alarms.setExactly(TIMERS, timers);
  }

  /**
   * Draws the running giveaway if its end has passed: the winner from the revealed link among the
   * participants in join order. A join that lands between the read and the batch moves the
   * members count, the batch's guard refuses, and the draw reads again.
   */
  private async drawDue(): Promise<void> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const now = Date.now();
      const row = await openGiveawayRow(this.env);
      if (!row || row.ends_at > now) return;
      const participants = await participantIds(this.env, row.id);
      const { secret } = await this.seeds.seed(row.id, row.created_at);
      const winnerId = giveawayWinner(secret, giveawayConfig(this.env).salt, participants);
      const itemName =
        (await first<{ name: string }>(this.env.DB, sql`SELECT market_hash_name AS name FROM catalogue WHERE id = ${row.catalogue_id}`))?.name ?? "";
      const next = row.repeat === 1 ? await this.seeds.seed(row.id + 1, now) : null;
      const drawn = await drawGiveaway(this.env, row, { secret, winnerId, members: participants.length, itemName }, next, now);
      if (drawn.result === "moved") continue;
      const past = await giveawayRow(this.env, row.id);
      await this.broadcast(past ? await pastJson(this.env, past) : null);
      if (winnerId !== null) {
        await pushNotification(this.env, winnerId, drawn.notification);
      }
      return;
    }
    throw new Error("giveaway draw: the giveaway kept moving");
  }

  /** setRaffle to every tab: the giveaway as now, and the one just drawn (if any). */
  private async broadcast(drawn: Awaited<ReturnType<typeof pastJson>> | null): Promise<void> {
    try {
      const frame: HubServerFrame = { event: "setRaffle", data: { giveaway: await activeGiveaway(this.env), drawn, server_time: Date.now() } };
      await hub(this.env).broadcast(frame);
    } catch (err) {
      console.error("giveaway setRaffle push failed", String(err));
    }
  }
}
