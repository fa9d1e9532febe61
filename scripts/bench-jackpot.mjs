// `npm run bench:jackpot [-- --players N]`: one jackpot round on the medium room with N simulated
// players (default 500) over real WebSockets on a local `wrangler dev` (loopback only), plus the
// same baseline as bench:crash: the runtime's own keepalive ping/pong on /ws/hub for N sockets.
//
// How: a fresh state dir is migrated and seeded; N users `bench_<i>` with one item each are
// inserted with ONE SQL file; they sign in (test-login), open /ws/jackpot?level=medium and
// identify. The room runs with maxPlayers N + 10 and a countdown of --countdown ms (default
// --spread + 5 s). Two players bet first (the second starts the countdown), then every other
// player sends POST /api/jackpot/setBet at a random moment within --spread ms. Reported: bet ack
// (request → answer) p50/p99, frames and bytes per socket from the first bet to newGameJackpot
// (jackpotNewBet is coalesced: one frame per 100 ms window, not one per bet), and the baseline.
import { performance } from "node:perf_hooks";
import { ensureNode22 } from "./lib/node22.mjs";

ensureNode22();
const { Bench, errorCounts, log, machineHeader, p50p99, pct, printRows, readOptions, sleep } = await import("./lib/bench.mjs");

const opts = readOptions({ log: 0, players: 500, spread: 5000, countdown: 0, batch: 50, pings: 5, timeout: 300 });
const N = Math.max(2, Math.floor(opts.players));
const LEVEL = "medium";
const bench = new Bench(opts.timeout);

// ── the jackpot round ───────────────────────────────────────────────────────
async function jackpotRound(itemIds) {
  const tokens = await bench.signIn(N);
  const players = await bench.openIdentified(`/ws/jackpot?level=${LEVEL}`, tokens, {
    batch: opts.batch,
    initEvent: "jackpotInit",
    label: "jackpot",
    timeoutMs: 60_000,
  });
  const roundId = players[0].init.state.roundId;
  log(`round ${roundId}`);
  for (const c of players) c.counting = true;
  const ended = players.map((c) => c.once("newGameJackpot", (d) => d.finished?.id === roundId, 120_000));
  const started = players[0].once("startJackpot", () => true, 120_000);

  const bets = [];
  const bet = async (i) => {
    const sent = performance.now();
    const { status, json } = await bench.api("/api/jackpot/setBet", { token: tokens[i], body: { level: LEVEL, items: [itemIds.get(`bench_${i}`)] } });
    bets.push({ ms: performance.now() - sent, ok: status === 200, message: status === 200 ? null : json?.message });
  };
  await bet(0);
  const timer = players[0].once("jackpotTimer", undefined, 60_000);
  await bet(1);
  const { data: t } = await timer;
  log(`countdown started (${t.countdownEndsAt - t.serverTime} ms); ${N - 2} more bets over ${opts.spread} ms`);
  await Promise.all(
    [...Array(N - 2).keys()].map(async (k) => {
      await sleep(Math.random() * opts.spread);
      await bet(k + 2);
    }),
  );
  const start = await started;
  log(`startJackpot: winner ${start.data.draw.winner.username}, ticket ${start.data.draw.winningTicket} of ${start.data.draw.totalTickets}`);
  await Promise.all(ended);
  for (const c of players) c.counting = false;
  const round = await bench.api("/api/jackpot/round", { body: { id: roundId } });
  return { roundId, bets, players, round: round.json?.round, closedByServer: players.filter((c) => c.closed).length };
}

// ── main ────────────────────────────────────────────────────────────────────
process.exitCode = await bench.run(async () => {
  const vars = {
    JACKPOT_LEVELS: JSON.stringify({ [LEVEL]: { maxPlayers: N + 10, countdownMs: opts.countdown || opts.spread + 5_000 } }),
    JACKPOT_TIMERS: JSON.stringify({ spinMs: 2_000, waitingMs: 1_000, soloTimeoutMs: 600_000 }),
  };
  const itemIds = await bench.setUp(N, { log: opts.log > 0, vars });

  const r = await jackpotRound(itemIds);
  bench.closeSockets();
  await sleep(500);
  const base = await bench.pingBaseline(N, opts);

  const ok = r.bets.filter((b) => b.ok);
  const errors = errorCounts(r.bets);
  const frames = r.players.map((c) => c.counted);
  const bytes = r.players.map((c) => c.bytes);
  const newBetFrames = r.players.map((c) => c.byEvent.jackpotNewBet ?? 0);
  const rows = [
    ["players (sockets)", `${N}`],
    ["measured round", `#${r.roundId}, bank $${r.round?.bank ?? "?"}, ${r.round?.bets?.length ?? "?"} bets, winner ${r.round?.winner?.username ?? "?"}`],
    ["bets accepted / sent", `${ok.length} / ${r.bets.length} (spread over ${opts.spread} ms)`],
    ["bet ack setBet→answer p50 / p99", p50p99(ok.map((b) => b.ms))],
    ["frames per socket in the round min / median / max", `${Math.min(...frames)} / ${pct(frames, 50)} / ${Math.max(...frames)}`],
    ["  of which jackpotNewBet (coalesced) median", `${pct(newBetFrames, 50)} (for ${N} bets)`],
    ["bytes per socket in the round median / max", `${pct(bytes, 50)} / ${Math.max(...bytes)}`],
    ["errors", Object.keys(errors).length ? JSON.stringify(errors) : "none"],
    ["sockets closed by the server", `${r.closedByServer}`],
    ["baseline: /ws/hub ping→pong, N at once, p50 / p99", `${p50p99(base.burst)} (${base.burst.length} pings)`],
    ["baseline: one socket ping→pong idle p50 / p99", p50p99(base.idle)],
  ];
  printRows(machineHeader("Jackpot"), rows);
  console.log("");
  return ok.length === N && Object.keys(errors).length === 0 ? 0 : 1;
});
