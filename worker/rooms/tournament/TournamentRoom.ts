// The tournaments' clock (docs/games.md "Tournaments"): one Durable Object that ends the running
// tournament at its end time from a named alarm (the payout is one guarded batch: an alarm run
// twice or an eviction pays once), starts the next from the template in that batch, and keeps the
// table live: its "poll" alarm looks at the table's version (the latest points time and the
// members) once a second while points move — once per TOURNAMENT.idlePollMs after a quiet
// minute — and pushes the first page over the hub when it changed. Points are written by the
// settlement batches themselves (tournaments/points.ts), so the room never counts anything.
import { DurableObject } from "cloudflare:workers";
import { TOURNAMENT } from "../../../shared/constants";
import type { HubServerFrame } from "../../../shared/rooms/hub";
import { first, sql } from "../../db/sql";
import { pushBalance, pushNotification } from "../../lib/notify";
import { finishTournament } from "../../tournaments/batches";
import { latestTournament, openTournament, tablePage, templateRow, topPlaces } from "../../tournaments/queries";
import { NamedAlarms } from "../base/alarms";
import { hub } from "../hub";

type Timer = "end" | "poll";
const TIMERS: readonly Timer[] = ["end", "poll"];
const QUIET_AFTER_MS = 60_000;

export class TournamentRoom extends DurableObject<Env> {
  private readonly alarms = new NamedAlarms<Timer>(this.ctx.storage);

  /** Something changed (a start, a join, a template): look now and keep the timers right. */
  async touch(): Promise<void> {
    await this.ctx.blockConcurrencyWhile(() => this.endDue());
    await this.poll(Date.now(), true);
  }

  override async alarm(): Promise<void> {
    const now = Date.now();
    const due = await this.alarms.takeDue(now);
    if (due.includes("end")) await this.ctx.blockConcurrencyWhile(() => this.endDue());
    await this.poll(now, due.includes("end"));
  }

  /** Pays the running tournament if its end has passed (and starts the next from the template). */
  private async endDue(): Promise<void> {
    const now = Date.now();
    const row = await openTournament(this.env);
    if (!row || row.ends_at > now) return;
    const [top, next] = await Promise.all([topPlaces(this.env, row.id, TOURNAMENT.prizes), templateRow(this.env)]);
    const paid = await finishTournament(this.env, row, top, next, now);
    if (paid.done === "paid")
      for (const n of paid.notifications) {
        await pushNotification(this.env, n.userId, n.json);
        await pushBalance(this.env, n.userId);
      }
    await this.ctx.storage.delete("version");
  }

  /** Pushes the table when its version moved; sets the end and the next poll. */
  private async poll(now: number, force: boolean): Promise<void> {
    const row = await latestTournament(this.env);
    const timers = new Map<Timer, number>();
    if (row) {
      const version = await first<{ v: string }>(
        this.env.DB,
        sql`SELECT ${row.id} || ':' || ${row.status} || ':' || COUNT(*) || ':' || COALESCE(MAX(reached_at), 0) AS v FROM tournament_participants WHERE tournament_id = ${row.id}`,
      );
      const last = await this.ctx.storage.get<{ v: string; at: number }>("version");
      const moved = force || last?.v !== version?.v;
      if (moved) {
        await this.ctx.storage.put("version", { v: version?.v ?? "", at: now });
        await this.broadcast(row.id);
      }
      if (row.status === "open") {
        timers.set("end", row.ends_at);
        const lastMove = moved ? now : (last?.at ?? now);
        timers.set("poll", now + (now - lastMove < QUIET_AFTER_MS ? TOURNAMENT.frameMs : TOURNAMENT.idlePollMs));
      }
    }
    await this.alarms.setExactly(TIMERS, timers);
  }

  private async broadcast(tournamentId: number): Promise<void> {
    try {
      const row = await first<{ status: string; members: number }>(this.env.DB, sql`SELECT status, members FROM tournaments WHERE id = ${tournamentId}`);
      if (!row) return;
      const { users } = await tablePage(this.env, tournamentId, 1);
      const frame: HubServerFrame = {
        event: "tournament",
        data: { tournament_id: tournamentId, status: row.status === "open" ? 0 : 1, members: row.members, users, server_time: Date.now() },
      };
      await hub(this.env).broadcast(frame);
    } catch (err) {
      console.error("tournament frame push failed", String(err));
    }
  }
}
