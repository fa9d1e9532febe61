// /api/tournaments/* (spec §7; docs/games.md "Tournaments"): the running tournament with a page of its
// table and the caller's own row, the conditions, the join; /api/admin/tournaments/* the template,
// cancelling the running one (no prizes; audited) and the past ones page by page.
import { tournamentCalls } from "../../../shared/api/tournaments";
import { TOURNAMENT } from "../../../shared/constants";
import { toDollars } from "../../../shared/money";
import { cancelTournament, joinTournament, saveTemplate } from "../../tournaments/batches";
import { pushNotification } from "../../lib/notify";
import {
  adminPastTournaments,
  depositedSince,
  isMember,
  latestTournament,
  openTournament,
  ownRow,
  pastTournaments,
  prizesOf,
  tablePage,
  templateRow,
  tournamentJson,
} from "../../tournaments/queries";
import { tournamentRoom } from "../../rooms/tournament/stub";
import { contractRoutes, refuse, serve } from "../contract-routes";
import { isExcluded } from "../../protection/queries";

export const tournamentRoutes = contractRoutes();

/** A running tournament past its end means the room's alarm did not fire (yet): nudge it. */
const LATE_MS = 5_000;

serve(tournamentRoutes, tournamentCalls.get, async (c) => {
  const { page = 1, lang = "ru" } = c.req.valid("json");
  const now = Date.now();
  const row = await latestTournament(c.env);
  if (row?.status === "open" && row.ends_at + LATE_MS < now) c.executionCtx.waitUntil(tournamentRoom(c.env).touch());
  const me = c.get("user");
  const [table, own, history] = await Promise.all([
    row ? tablePage(c.env, row.id, page) : { users: [], hasMore: false },
    row && me ? ownRow(c.env, row.id, me.id) : null,
    pastTournaments(c.env, lang),
  ]);
  return c.json(
    { tournament: row ? tournamentJson(row, lang) : null, users: table.users, page, has_more: table.hasMore, me: own, history, server_time: now },
    200,
  );
});

serve(tournamentRoutes, tournamentCalls.conditions, async (c) => {
  const me = c.get("user");
  const row = await openTournament(c.env);
  if (!row) {
    const off = { is_active: false, is_completed: true, required: 0, total: 0 };
    return c.json({ tournament_id: null, conditions: { member: off, min_payment: off } }, 200);
  }
  const [member, deposited] = await Promise.all([isMember(c.env, row.id, me.id), depositedSince(c.env, me.id, row.created_at)]);
  return c.json(
    {
      tournament_id: row.id,
      conditions: {
        member: { is_active: true, is_completed: member, required: 1, total: member ? 1 : 0 },
        min_payment: {
          is_active: row.min_payment > 0,
          is_completed: deposited >= row.min_payment,
          required: toDollars(row.min_payment),
          total: toDollars(deposited),
        },
      },
    },
    200,
  );
});

serve(tournamentRoutes, tournamentCalls.setActive, async (c) => {
  const me = c.get("user");
  const now = Date.now();
  const row = await openTournament(c.env);
  const id = c.req.valid("json").id ?? row?.id;
  if (!row || row.id !== id || row.ends_at <= now) return refuse(c, tournamentCalls.setActive, "tournament_api.not_found");
  // a player on a break joins no tournament (docs/protection.md "Breaks"): answered here before the other
  // conditions; the join batch judges it again, so a break starting meanwhile still stops it
  if (await isExcluded(c.env, me.id, now)) return refuse(c, tournamentCalls.setActive, "user_api.excluded");
  if (!(await isMember(c.env, id, me.id)) && (await depositedSince(c.env, me.id, row.created_at)) < row.min_payment) {
    return refuse(c, tournamentCalls.setActive, "tournament_api.min_payment");
  }
  const joined = await joinTournament(c.env, id, me.id, now);
  if (!joined.ok) return refuse(c, tournamentCalls.setActive, joined.key);
  c.executionCtx.waitUntil(
    tournamentRoom(c.env)
      .touch()
      .catch((err: unknown) => console.error("tournament touch failed", String(err))),
  );
  return c.json({ success: true as const, message: "tournament_api.joined" as const, members: joined.members }, 200);
});

serve(tournamentRoutes, tournamentCalls.template, async (c) => {
  const [t, running] = await Promise.all([templateRow(c.env), openTournament(c.env)]);
  const template = t
    ? {
        enabled: t.enabled === 1,
        name_ru: t.name_ru,
        name_en: t.name_en,
        description_ru: t.description_ru,
        description_en: t.description_en,
        duration_ms: t.duration_ms,
        prizes: prizesOf(t).map(toDollars),
        min_payment: toDollars(t.min_payment),
      }
    : {
        enabled: false,
        name_ru: "Турнир недели",
        name_en: "Weekly tournament",
        description_ru: "",
        description_en: "",
        duration_ms: TOURNAMENT.defaultDurationMs,
        prizes: TOURNAMENT.defaultPrizesCents.map(toDollars),
        min_payment: toDollars(TOURNAMENT.defaultMinPaymentCents),
      };
  return c.json({ template, running: running ? tournamentJson(running, "en") : null }, 200);
});

serve(tournamentRoutes, tournamentCalls.saveTemplate, async (c) => {
  const body = c.req.valid("json");
  const { start_now, ...template } = body;
  await saveTemplate(c.env, template, start_now, c.get("user").id, Date.now());
  await tournamentRoom(c.env).touch();
  const [t, running] = await Promise.all([templateRow(c.env), openTournament(c.env)]);
  if (!t) throw new Error("tournament template not saved");
  return c.json(
    {
      success: true as const,
      message: "tournament_api.saved" as const,
      template: { ...template, prizes: template.prizes.map(toDollars), min_payment: toDollars(template.min_payment) },
      running: running ? tournamentJson(running, "en") : null,
    },
    200,
  );
});

serve(tournamentRoutes, tournamentCalls.cancel, async (c) => {
  const done = await cancelTournament(c.env, c.req.valid("json").reason, c.get("user").id, Date.now());
  if (!done.ok) return refuse(c, tournamentCalls.cancel, done.key);
  // the room clears its end alarm and tells the pages; the bells go to whoever is online
  c.executionCtx.waitUntil(
    (async () => {
      await tournamentRoom(c.env)
        .touch()
        .catch((err: unknown) => console.error("tournament touch failed", String(err)));
      for (const n of done.notifications) await pushNotification(c.env, n.userId, n.json);
    })(),
  );
  return c.json({ success: true as const, message: "tournament_api.canceled" as const, tournament: tournamentJson(done.row, "en") }, 200);
});

serve(tournamentRoutes, tournamentCalls.adminPast, async (c) => c.json(await adminPastTournaments(c.env, c.req.valid("json").cursor), 200));
