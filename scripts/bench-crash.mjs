// `npm run bench:crash [-- --players N]`: one crash round with N simulated players over real
// WebSockets on a local `wrangler dev` (loopback only), plus a baseline: the runtime's own
// keepalive ping/pong on /ws/hub for the same N sockets (answered by workerd without waking the
// room — the closest thing to a bare echo on the same runtime; the product has no echo route).
//
// How: a fresh state dir is migrated and seeded; N users `bench_<i>` and one catalogue item
// each are inserted with ONE SQL file through `wrangler d1 execute --local` (test-login then
// reuses those users and gives their tokens). All sockets connect and identify; the admin
// schedules a twist (the next round crashes at --crash, 5.00 by default) and crashes the current
// round, so the measured round is known in advance and long enough for the cash-outs. In that
// round's countdown every player sends newBet (spread over --spread ms): half manual (9999.99,
// then `take` at a random multiplier below the crash point — except a --hold share, default 0.2,
// who hold on and lose), half with an auto-withdraw 1.50–3.00. `--log 1` shows wrangler's output.
//
// `--watchers W` adds W visitors who only listen (/ws/crash?watch=1); `--relay on` runs the site
// with relays (RELAY_SOCKETS = --per-relay, 1000 by default; docs/relay.md), `--relay off` (the
// default) keeps every socket on the room. The crash frame's spread is then over players and
// watchers alike, and the watchers' frames and bytes are printed apart. `--direct 1` talks to the
// worker's runtime past wrangler's local proxy (scripts/lib/bench.mjs Bench.setUp): a socket then
// costs two file descriptors instead of four, which is what lets 5,000 watchers fit under this
// machine's open-file limit.
import { performance } from "node:perf_hooks";
import { ensureNode22 } from "./lib/node22.mjs";

ensureNode22();
const { Bench, BenchClient, errorCounts, log, machineHeader, ms, p50p99, pct, printRows, profileRows, ratio99, readOptions, roomProfile, sleep } = await import(
  "./lib/bench.mjs"
);

// `--relay on|off` reads as 1|0
const argv = process.argv
  .slice(2)
  .map((a, i, all) =>
    all[i - 1] === "--relay" ? ({ on: "1", off: "0" }[a] ?? a) : a.replace(/^--relay=(on|off)$/, (_m, v) => `--relay=${v === "on" ? 1 : 0}`),
  );
const opts = readOptions(
  { log: 0, direct: 0, hold: 0.2, players: 1000, crash: 5, spread: 5000, batch: 50, pings: 5, timeout: 300, watchers: 0, relay: 0, "per-relay": 1000 },
  argv,
);
const N = Math.floor(opts.players);
const W = Math.floor(opts.watchers);
const RELAY_SOCKETS = opts.relay > 0 ? Math.floor(opts["per-relay"]) : 0;
const CRASH_AT = Math.round(opts.crash * 100); // hundredths
const MANUAL = 9999.99;
const GROWTH = 0.00006; // shared/constants.ts CRASH.growthPerMs (the script runs plain Node)

const multiplierAt = (t) => Math.floor(100 * Math.exp(GROWTH * t));
function elapsedFor(m) {
  let t = Math.max(0, Math.floor(Math.log(m / 100) / GROWTH) - 2);
  while (multiplierAt(t) < m) t++;
  return t;
}

const bench = new Bench(opts.timeout);

// ── the crash round ─────────────────────────────────────────────────────────
async function crashRound(admin, itemIds) {
  const tokens = await bench.signIn(N);
  // open in batches: each socket connects, gets crashInit, identifies, gets its own crashInit
  const players = await bench.openIdentified("/ws/crash", tokens, { batch: opts.batch, initEvent: "crashInit", label: "crash" });

  const watchers = await openWatchers();
  for (const c of players) c.itemId = itemIds.get(`bench_${c.index}`);
  if (players.some((c) => !Number.isSafeInteger(c.itemId))) throw new Error("a player has no item");

  // the measured round: twisted to crash at CRASH_AT; the current round is crashed right away
  const twist = await bench.api("/api/admin/crash/scheduleTwist", { token: admin, body: { nextCrash: CRASH_AT / 100 } });
  if (twist.status !== 200) throw new Error(`scheduleTwist: ${twist.status} ${JSON.stringify(twist.json)}`);
  const roundId = twist.json.roundId;
  const started = players.map((c) => c.once("crashStartTimer", (d) => d.roundId === roundId, 120_000));
  const force = await bench.api("/api/admin/crash/forceCrash", { token: admin, body: {} });
  log(`twist: round ${roundId} crashes at ${(CRASH_AT / 100).toFixed(2)}; forceCrash of the current round → ${force.status}`);

  // per player: bet at a random moment of the countdown; manual ones take during the run
  const bets = [];
  const takes = [];
  const crashSeen = [];
  let crashFrame;
  let startedAtServer;
  const firstTimer = await Promise.race(started);
  const countdownMs = firstTimer.data.countdownEndsAt - firstTimer.data.serverTime;
  if (opts.spread > countdownMs - 1000) throw new Error(`--spread ${opts.spread} does not fit the ${countdownMs} ms countdown`);
  log(`round ${roundId} countdown started (${countdownMs} ms); ${N} bets over ${opts.spread} ms`);
  for (const c of [...players, ...watchers]) c.counting = true; // frames of the measured round, from its countdown
  const watcherCrash = watchers.map((c) => c.once("crashMultiplier", (d) => d.roundId === roundId && d.phase === "crashed", 180_000).then((f) => f.at));
  await roomProfile(bench, admin, { room: "crash", reset: true });

  const done = players.map(async (c, i) => {
    await started[i];
    const manual = i % 2 === 0;
    const auto = manual ? MANUAL : Math.round(150 + Math.random() * 150) / 100;
    await sleep(Math.random() * opts.spread);
    const answer = c.onceAny(["successBet", "errorBet"]).then((r) => ({ ...r, ok: r.event === "successBet" }));
    const sent = performance.now();
    c.send("newBet", { items: [c.itemId], autoWithdraw: auto });
    const reply = await answer;
    const bet = { ms: reply.at - sent, ok: reply.ok, message: reply.ok ? null : reply.data.message, manual };
    bets.push(bet);
    const crashed = c
      .once("crashMultiplier", (d) => d.roundId === roundId && d.phase === "crashed", 120_000)
      .catch(() => {
        throw new Error(`player ${i}: no crash frame of round ${roundId} within 120 s of its bet's answer`);
      });
    const running = c.once("crashMultiplier", (d) => d.roundId === roundId, 120_000);
    void running.then(
      ({ data }) => {
        if (data.phase === "running") startedAtServer ??= data.serverTime - data.elapsed;
      },
      () => undefined,
    );
    // a share of the manual players never takes: their bets lose at the crash (settled after it)
    if (bet.ok && manual && Math.random() >= opts.hold) {
      const betId = reply.data.bet.id;
      // the first running frame tells when the round started (same machine clock)
      const first = await c
        .once("crashMultiplier", (d) => d.roundId === roundId, 60_000)
        .catch(() => {
          throw new Error(`player ${i}: no frame of round ${roundId} running within 60 s of its bet's answer`);
        });
      const startedAt = first.data.serverTime - first.data.elapsed;
      const target = Math.round(130 + Math.random() * (CRASH_AT - 60 - 130));
      const wait = startedAt + elapsedFor(target) - Date.now();
      if (first.data.phase === "running") {
        await sleep(Math.max(0, wait));
        const took = c.onceAny(["successTake", "errorTake"]).then((r) => ({ ...r, ok: r.event === "successTake" }));
        const sentTake = performance.now();
        c.send("take", { betId });
        const r = await took;
        takes.push({ ms: r.at - sentTake, ok: r.ok, message: r.ok ? null : r.data.message, sentWall: sentTake + Date.now() - performance.now() });
      }
    }
    const crash = await crashed;
    crashFrame ??= crash.data;
    crashSeen.push(crash.at);
  });
  await Promise.all(done);
  // the outbox drain: how long after the crash until D1 has every bet of the round settled
  const settled = (async () => {
    const pollStart = performance.now();
    while (performance.now() - pollStart < 120_000) {
      const { json } = await bench.api("/api/crash/getGame", { body: { id: roundId } });
      const pending = json?.game?.bets?.filter((b) => b.is_win === 0).length ?? -1;
      if (pending === 0) return Date.now() - crashFrame.serverTime;
      await sleep(50);
    }
    return NaN;
  })();
  const watcherSeen = await Promise.all(watcherCrash.map((p) => p.catch(() => NaN)));
  await sleep(1000); // frames that follow the crash frame (lost rows) still belong to the round
  for (const c of [...players, ...watchers]) c.counting = false;
  const settledMs = await settled;
  const profile = await roomProfile(bench, admin, { room: "crash", reset: false });

  const point = Math.round(crashFrame.crash.point * 100);
  startedAtServer ??= crashFrame.serverTime - crashFrame.elapsed;
  const expectedWall = startedAtServer + elapsedFor(point);
  const perfToWall = Date.now() - performance.now();
  const everySeen = [...crashSeen, ...watcherSeen.filter(Number.isFinite)];
  const firstSeen = Math.min(...everySeen);
  const lastSeen = Math.max(...everySeen);
  const perSocket = players.map((c) => c.counted);
  const bytesPerSocket = players.map((c) => c.bytes);
  // frames per event summed over the sockets: where the fan-out goes
  const byEvent = {};
  for (const c of players) for (const [e, n] of Object.entries(c.byEvent)) byEvent[e] = (byEvent[e] ?? 0) + n;
  return {
    roundId,
    point: point / 100,
    bets,
    takes,
    fanOutMs: lastSeen - firstSeen,
    firstAfterExpectedMs: firstSeen + perfToWall - expectedWall,
    lastAfterExpectedMs: lastSeen + perfToWall - expectedWall,
    perSocket,
    bytesPerSocket,
    byEvent,
    totalFrames: perSocket.reduce((a, b) => a + b, 0),
    settledMs,
    profile,
    // sent before the crash time yet refused: the arrival must price them
    takesRefusedBeforeCrash: takes.filter((t) => !t.ok && t.sentWall < expectedWall).length,
    socketsClosed: [...players, ...watchers].filter((c) => c.closed).length,
    watchers: {
      missedCrash: watcherSeen.filter((t) => !Number.isFinite(t)).length,
      lastAfterExpectedMs: watchers.length ? Math.max(...watcherSeen.filter(Number.isFinite)) + perfToWall - expectedWall : NaN,
      frames: watchers.map((c) => c.counted),
      bytes: watchers.map((c) => c.bytes),
      outOfOrder: watchers.filter((c) => c.outOfOrder > 0).length,
    },
  };
}

/** The first tick out of order a watcher saw (what it was after what), for the results. */
let disorder;

/** W visitors on /ws/crash?watch=1 (through relays with --relay on), each checking its ticks come in order. */
async function openWatchers() {
  if (W === 0) return [];
  const url = `${bench.url.replace("http", "ws")}/ws/crash?watch=1`;
  const t0 = performance.now();
  const watchers = [];
  for (let b = 0; b < W; b += opts.batch) {
    const group = [...Array(Math.min(opts.batch, W - b))].map(() => new BenchClient(url));
    bench.sockets.push(...group);
    await Promise.all(group.map((c) => Promise.all([c.opened(), c.once("crashInit", undefined, 60_000)])));
    for (const c of group) {
      // a frame twice or out of order shows as a tick that goes back in time within a round
      c.outOfOrder = 0;
      let last = { roundId: 0, elapsed: -1, phase: "" };
      c.on("crashMultiplier", (text) => {
        const { roundId, elapsed, phase } = JSON.parse(text).data;
        // the crash may share its elapsed time with the tick before it (a round crashed by the admin
        // at its start: running at 0 ms, then crashed at 0 ms); a tick again, or an earlier one, may not
        if (roundId === last.roundId && (elapsed < last.elapsed || (elapsed === last.elapsed && phase === last.phase))) {
          c.outOfOrder++;
          // the first one seen by any watcher, printed with the results
          disorder ??= `round ${roundId}: ${last.phase} at ${last.elapsed} ms, then ${phase} at ${elapsed} ms`;
        }
        last = { roundId, elapsed, phase };
      });
    }
    watchers.push(...group);
    if (watchers.length % 1000 === 0) log(`${watchers.length} watchers open`);
  }
  log(`${W} watchers open (${((performance.now() - t0) / 1000).toFixed(1)} s; relays ${RELAY_SOCKETS ? `on, ${RELAY_SOCKETS} a relay` : "off"})`);
  return watchers;
}

// ── main ────────────────────────────────────────────────────────────────────
process.exitCode = await bench.run(async () => {
  const itemIds = await bench.setUp(N, {
    log: opts.log > 0,
    vars: { WS_MAX_PER_IP: String(N + W + 100), RELAY_SOCKETS: String(RELAY_SOCKETS) },
    direct: opts.direct > 0,
  });
  const admin = await bench.login("bench_admin", "admin");

  const r = await crashRound(admin, itemIds);
  bench.closeSockets();
  await sleep(500);
  const base = await bench.pingBaseline(N, { ...opts, adminToken: admin });

  const betOk = r.bets.filter((b) => b.ok);
  const takeOk = r.takes.filter((t) => t.ok);
  const errors = errorCounts([...r.bets, ...r.takes]);
  const perSocket = r.perSocket;
  const wf = r.watchers;
  const watcherRows = W
    ? [
        [
          "watchers (listen only)",
          `${W}, relays ${RELAY_SOCKETS ? `on (${RELAY_SOCKETS} a relay: ${Math.ceil(W / RELAY_SOCKETS)})` : "off (all on the room)"}`,
        ],
        ["watchers without the crash frame / with ticks out of order", `${wf.missedCrash} / ${wf.outOfOrder}${disorder ? ` (first: ${disorder})` : ""}`],
        ["last watcher after expected time", ms(wf.lastAfterExpectedMs)],
        ["watcher frames / bytes per socket median", `${pct(wf.frames, 50)} / ${(pct(wf.bytes, 50) / 1024).toFixed(1)} KB`],
      ]
    : [];
  const rows = [
    ["players (sockets)", `${N}`],
    ...watcherRows,
    ["measured round", `#${r.roundId}, crashed at ×${r.point.toFixed(2)}`],
    ["bets accepted / sent", `${betOk.length} / ${r.bets.length} (spread over ${opts.spread} ms)`],
    [
      "bet ack newBet→successBet p50 / p99",
      `${p50p99(betOk.map((b) => b.ms))} (p99 ${ratio99(
        betOk.map((b) => b.ms),
        base.burst,
      )} the baseline's)`,
    ],
    ["cash-outs accepted / sent", `${takeOk.length} / ${r.takes.length} (${r.takesRefusedBeforeCrash} refused though sent before the crash time)`],
    [
      "cash-out take→successTake p50 / p99",
      `${p50p99(takeOk.map((b) => b.ms))} (p99 ${ratio99(
        takeOk.map((b) => b.ms),
        base.burst,
      )} the baseline's)`,
    ],
    [
      "crash fan-out first→last socket",
      `${ms(r.fanOutMs)}${W ? " (players and watchers)" : ""} (echo broadcast to the players' number of sockets: ${base.broadcast.map((x) => ms(x)).join(", ")}; ${(r.fanOutMs / pct(base.broadcast, 50)).toFixed(1)}× its median)`,
    ],
    ["first / last socket after expected time", `${ms(r.firstAfterExpectedMs)} / ${ms(r.lastAfterExpectedMs)}`],
    ["frames per socket in the round min / median / max", `${Math.min(...perSocket)} / ${pct(perSocket, 50)} / ${Math.max(...perSocket)}`],
    ["frames the server sent in the round (all sockets)", `${r.totalFrames}`],
    [
      "bytes per socket in the round median / max",
      `${(pct(r.bytesPerSocket, 50) / 1024).toFixed(1)} KB / ${(Math.max(...r.bytesPerSocket) / 1024).toFixed(1)} KB`,
    ],
    [
      "frames per socket by event (mean)",
      Object.entries(r.byEvent)
        .sort((a, b) => b[1] - a[1])
        .map(([e, n]) => `${e} ${(n / N).toFixed(1)}`)
        .join(", "),
    ],
    ["D1 settled (outbox drained) after the crash", Number.isFinite(r.settledMs) ? `${r.settledMs} ms` : "not within 120 s"],
    ["errors", Object.keys(errors).length ? JSON.stringify(errors) : "none"],
    ["sockets closed by the server", `${r.socketsClosed}`],
    ["baseline: /ws/hub ping→pong, N at once, p50 / p99", `${p50p99(base.burst)} (${base.burst.length} pings)`],
    ["baseline: one socket ping→pong idle p50 / p99", p50p99(base.idle)],
    ...profileRows(r.profile),
  ];
  printRows(machineHeader("Crash", bench.direct), rows);
  console.log("");
  return betOk.length === N && Object.keys(errors).length === 0 && r.watchers.missedCrash === 0 && r.watchers.outOfOrder === 0 ? 0 : 1;
});
