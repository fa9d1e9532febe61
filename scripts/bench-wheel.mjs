// `npm run bench:wheel [-- --players N]`: one wheel round with N simulated players over real
// WebSockets on a local `wrangler dev` (loopback only), plus a baseline: the runtime's own
// keepalive ping/pong on /ws/hub for the same N sockets (answered by workerd without waking a
// room — the closest thing to a bare echo on the same runtime).
//
// How: a fresh state dir is migrated and seeded; N users `bench_<i>` and one catalogue item each
// are inserted with ONE SQL file (test-login then gives their tokens). All N sockets connect to
// /ws/wheel and identify; at the next round's wheelTimer every player bets its item on a random
// colour with POST /api/wheel/setBet at a random moment of the first --spread ms of the countdown
// (the production 20 s countdown). Measured: the bet ack (request → answer) p50/p99, and every
// frame and byte each socket receives from that round's wheelTimer to the next round's
// newGameWheel (rows coalesced in wheelNewBet frames, the spin, the stop). `--log 1` shows wrangler.
import { performance } from "node:perf_hooks";
import { ensureNode22 } from "./lib/node22.mjs";

ensureNode22();
const { Bench, errorCounts, log, machineHeader, ms, p50p99, pct, printRows, profileRows, ratio99, readOptions, roomProfile, sleep } = await import(
  "./lib/bench.mjs"
);

const opts = readOptions({ log: 0, direct: 0, players: 1000, spread: 8000, batch: 50, pings: 5, timeout: 400 });
const N = Math.floor(opts.players);
const COLOURS = ["black", "green", "red", "yellow"];
const bench = new Bench(opts.timeout);

// ── the wheel round ─────────────────────────────────────────────────────────
async function wheelRound(itemIds, admin) {
  const tokens = await bench.signIn(N);
  const players = await bench.openIdentified("/ws/wheel", tokens, { batch: opts.batch, initEvent: "wheelInit", label: "wheel" });
  for (const c of players) c.itemId = itemIds.get(`bench_${c.index}`);
  if (players.some((c) => !Number.isSafeInteger(c.itemId))) throw new Error("a player has no item");

  // the measured round: the next one whose countdown starts now that everyone is here
  const timers = players.map((c) => c.once("wheelTimer", () => true, 120_000));
  const first = await Promise.race(timers);
  const roundId = first.data.roundId;
  for (const c of players) c.counting = true;
  await roomProfile(bench, admin, { room: "wheel", reset: true });
  const countdownMs = first.data.countdownEndsAt - first.data.serverTime;
  if (opts.spread > countdownMs - 1000) throw new Error(`--spread ${opts.spread} does not fit the ${countdownMs} ms countdown`);
  log(`round ${roundId} countdown started (${countdownMs} ms); ${N} bets over ${opts.spread} ms`);
  const ends = players.map((c) => c.once("newGameWheel", (d) => d.game.id === roundId + 1, 180_000));
  const stops = players.map((c) => c.once("startWheel", (d) => d.roundId === roundId && d.ms === 1, 180_000));

  const bets = [];
  await Promise.all(
    players.map(async (c, i) => {
      await timers[i];
      await sleep(Math.random() * opts.spread);
      const sent = performance.now();
      const r = await bench.api("/api/wheel/setBet", { token: tokens[i], body: { colour: COLOURS[i % 4], items: [c.itemId] } });
      bets.push({ ms: performance.now() - sent, ok: r.status === 200, message: r.status === 200 ? null : r.json?.message });
    }),
  );
  const stop = await stops[0];
  // the outbox drain: how long after the stop until D1 has every bet of the round settled
  const settled = (async () => {
    const pollStart = performance.now();
    while (performance.now() - pollStart < 120_000) {
      const { json } = await bench.api("/api/wheel/round", { body: { id: roundId } });
      if (json?.game?.bets?.every((b) => b.is_win !== 0)) return Date.now() - stop.data.serverTime;
      await sleep(50);
    }
    return NaN;
  })();
  const stopSeen = await Promise.all(stops);
  await Promise.all(ends);
  for (const c of players) c.counting = false;
  const settledMs = await settled;
  const profile = await roomProfile(bench, admin, { room: "wheel", reset: false });
  const seen = stopSeen.map((s) => s.at);
  return {
    roundId,
    colour: stop.data.colour,
    winners: stop.data.winnersCount,
    bets,
    fanOutMs: Math.max(...seen) - Math.min(...seen),
    perSocket: players.map((c) => c.counted),
    bytesPerSocket: players.map((c) => c.bytes),
    settledMs,
    profile,
    socketsClosed: players.filter((c) => c.closed).length,
  };
}

// ── main ────────────────────────────────────────────────────────────────────
process.exit(
  await bench.run(async () => {
    const itemIds = await bench.setUp(N, { log: opts.log > 0, direct: opts.direct > 0 });

    const admin = await bench.login("bench_admin", "admin");
    const r = await wheelRound(itemIds, admin);
    bench.closeSockets();
    await sleep(500);
    const base = await bench.pingBaseline(N, { ...opts, adminToken: admin });
    const http = await bench.httpBaseline(N, opts.spread);

    const ok = r.bets.filter((b) => b.ok).map((b) => b.ms);
    const errors = errorCounts(r.bets);
    const kb = (v) => `${(v / 1024).toFixed(1)} KB`;
    const rows = [
      ["players (sockets)", `${N}`],
      ["measured round", `#${r.roundId}, landed ${r.colour}, ${r.winners} winners`],
      ["bets accepted / sent", `${ok.length} / ${r.bets.length} (spread over ${opts.spread} ms)`],
      ["bet ack setBet→answer p50 / p99", `${p50p99(ok)} (p99 ${ratio99(ok, http)} the HTTP baseline's, ${ratio99(ok, base.burst)} the ping's)`],
      ["stop frame fan-out first→last socket", `${ms(r.fanOutMs)} (echo broadcast to as many sockets: ${base.broadcast.map((x) => ms(x)).join(", ")})`],
      ["frames per socket in the round min / median / max", `${Math.min(...r.perSocket)} / ${pct(r.perSocket, 50)} / ${Math.max(...r.perSocket)}`],
      ["bytes per socket in the round median / max", `${kb(pct(r.bytesPerSocket, 50))} / ${kb(Math.max(...r.bytesPerSocket))}`],
      ["all bets settled in D1, after the stop", ms(r.settledMs)],
      ["sockets closed during the round", `${r.socketsClosed}`],
      ["baseline: hub ping→pong, N at once, p50 / p99", p50p99(base.burst)],
      ["baseline: hub ping→pong, one socket idle, p50", ms(pct(base.idle, 50))],
      ["baseline: HTTP GET /robots.txt, N over the spread, p50 / p99", p50p99(http)],
      ...profileRows(r.profile),
    ];
    if (Object.keys(errors).length > 0) rows.push(["refusals", JSON.stringify(errors)]);
    printRows(machineHeader("Wheel", bench.direct), rows);
    return 0;
  }),
);
