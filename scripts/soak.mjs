// `npm run soak [-- --players 200 --minutes 5]` (not in `npm test`): every room played at once by
// simulated players for a while on a local `wrangler dev`, then the books checked. Players
// (bench_<i>, $50 each through the staff adjustment, one item each) bet in Crash from the balance
// (auto-withdraw targets and manual cash-outs), stake an available item on the Wheel and in the
// low Jackpot room, open the cheapest case now and then (items for the next stakes) and sell some
// items to the store. At the end the bets stop, the rooms finish their rounds, and the run checks:
// the books (the dashboard's reconcile: ok), the withdrawals left open, every room's sockets and
// storage keys (bets, outbox, alarms: back to a bounded few once the rounds are over) against
// the start, and the local runtime's memory (RSS) before and after. Prints the figures; exits 1
// when the books fail or a room keeps what it should have let go.
import { execFileSync } from "node:child_process";
import { ensureNode22 } from "./lib/node22.mjs";

ensureNode22();
const { Bench, log, machineHeader, printRows, readOptions, roomProfile, sleep } = await import("./lib/bench.mjs");

const opts = readOptions({ log: 0, direct: 0, players: 200, minutes: 5, batch: 50, timeout: 3600 });
const N = Math.floor(opts.players);
const bench = new Bench(opts.timeout);
const ROOMS = [{ room: "crash" }, { room: "wheel" }, { room: "jackpot", level: "low" }];
const COLOURS = ["black", "green", "red", "yellow"];
/** Storage keys a room may keep when idle (its alarms, the open round, the chain position …). */
const IDLE_KEYS = 64;

/**
 * RSS in MB of this run's local runtime: the processes below the `wrangler dev` whose command line
 * names this run's state dir (other workerd processes on the machine are not counted).
 * @param {string} stateDir
 */
function runtimeRssMb(stateDir) {
  try {
    const rows = execFileSync("ps", ["-eo", "pid=,ppid=,rss=,args="], { encoding: "utf8" })
      .split("\n")
      .filter(Boolean)
      .map((line) => {
        const [pid, ppid, rss, ...args] = line.trim().split(/\s+/);
        return { pid: Number(pid), ppid: Number(ppid), rss: Number(rss), args: args.join(" ") };
      });
    const mine = new Set(rows.filter((r) => r.args.includes(stateDir)).map((r) => r.pid));
    for (let grew = true; grew; ) {
      grew = false;
      for (const r of rows) if (mine.has(r.ppid) && !mine.has(r.pid)) grew = Boolean(mine.add(r.pid));
    }
    return Math.round(rows.filter((r) => mine.has(r.pid) && /workerd/.test(r.args)).reduce((sum, r) => sum + r.rss, 0) / 1024);
  } catch {
    return Number.NaN;
  }
}

const counts = { crashBets: 0, takes: 0, wheelBets: 0, jackpotBets: 0, caseOpens: 0, sells: 0, refused: /** @type {Record<string, number>} */ ({}) };
const refuse = (/** @type {string} */ key) => (counts.refused[key] = (counts.refused[key] ?? 0) + 1);
const chance = (/** @type {number} */ p) => Math.random() < p;

/** One player's items that can be staked now. @param {string} token */
async function availableItems(token) {
  const r = await bench.api("/api/user/getInventory", { token, body: { appId: 730 } });
  return (r.json?.items ?? []).filter((/** @type {{ status: string }} */ i) => i.status === "available");
}

process.exit(
  await bench.run(async () => {
    await bench.setUp(N, { log: opts.log > 0, direct: opts.direct > 0 });
    const admin = await bench.login("bench_admin", "admin");
    const tokens = await bench.signIn(N);
    const users = await Promise.all(tokens.map((t) => bench.api("/api/user/get", { token: t }).then((r) => r.json.user.id)));
    for (const id of users) await bench.api("/api/admin/users/adjust", { token: admin, body: { user_id: id, amount: 50, reason: "soak" } });
    /** @type {{ id: number, price: number }[]} */
    const cases = (await bench.api("/api/cases/get", { method: "GET" })).json?.cases ?? [];
    const cheapest = [...cases].sort((a, b) => a.price - b.price)[0];

    const start = { rss: runtimeRssMb(bench.stateDir), rooms: await Promise.all(ROOMS.map((r) => roomProfile(bench, admin, { ...r, reset: true }))) };
    const crash = await bench.openIdentified("/ws/crash", tokens, { batch: opts.batch, initEvent: "crashInit", label: "crash" });
    const wheel = await bench.openIdentified("/ws/wheel", tokens, { batch: opts.batch, initEvent: "wheelInit", label: "wheel" });
    log(`${N} players on crash and wheel; playing ${opts.minutes} min`);
    let playing = true;
    const until = Date.now() + opts.minutes * 60_000;

    // crash: at each countdown half the players bet $0.10–$1 from the balance; a third of them cash out by hand
    for (const [i, c] of crash.entries()) {
      c.on("crashStartTimer", () => {
        if (!playing || !chance(0.5)) return;
        const manual = chance(0.3);
        const value = Math.round(10 + Math.random() * 90) / 100;
        c.send("newBet", { items: [], value, autoWithdraw: manual ? 9999.99 : Math.round(130 + Math.random() * 270) / 100 });
        counts.crashBets++;
        c.manual = manual;
      });
      c.on("successBet", (text) => (c.lastBetId = JSON.parse(text).data.bet.id));
      // a manual bet is cashed out 0.3–3 s into the flight (perhaps too late: the crash came first)
      c.on("crashMultiplier", (text) => {
        const f = JSON.parse(text).data;
        if (f.phase !== "running" || !c.manual || !c.lastBetId) return;
        const betId = c.lastBetId;
        c.manual = false;
        setTimeout(() => c.send("take", { betId }), 300 + Math.random() * 2_700);
      });
      c.on("errorTake", (text) => refuse(`take ${JSON.parse(text).data.message}`));
      c.on("errorBet", (text) => refuse(`crash ${JSON.parse(text).data.message}`));
      c.on("successTake", () => counts.takes++);
      c.index = i;
    }
    // the wheel: at each countdown a third of the players stake an item on a colour
    for (const [i, c] of wheel.entries()) {
      c.on("wheelTimer", () => {
        if (!playing || !chance(0.33)) return;
        void (async () => {
          const items = await availableItems(tokens[i]);
          if (items.length === 0) return;
          const r = await bench.api("/api/wheel/setBet", { token: tokens[i], body: { colour: COLOURS[i % 4], items: [items[0].myId] } });
          r.status === 200 ? counts.wheelBets++ : refuse(`wheel ${r.json?.message}`);
        })();
      });
    }
    // the jackpot, the cases and the store: each player every few seconds
    const others = tokens.map(async (token) => {
      while (playing) {
        await sleep(3_000 + Math.random() * 7_000);
        if (!playing) break;
        const items = await availableItems(token);
        if (items.length > 0 && chance(0.3)) {
          const r = await bench.api("/api/jackpot/setBet", { token, body: { level: "low", items: [items[0].myId] } });
          r.status === 200 ? counts.jackpotBets++ : refuse(`jackpot ${r.json?.message}`);
        } else if (items.length > 1 && chance(0.2)) {
          const r = await bench.api("/api/user/sell", { token, body: { sellIds: [items.at(-1).myId] } });
          r.status === 200 ? counts.sells++ : refuse(`sell ${r.json?.message}`);
        } else if (cheapest && chance(0.3)) {
          const r = await bench.api("/api/cases/open", { token, body: { id: cheapest.id } });
          r.status === 200 ? counts.caseOpens++ : refuse(`case ${r.json?.message}`);
        }
      }
    });
    // the runtime's memory every 30 s: a leak keeps climbing, a warm-up levels off
    const rssSeries = [start.rss];
    while (Date.now() < until) {
      await sleep(30_000);
      rssSeries.push(runtimeRssMb(bench.stateDir));
      log(
        `crash ${counts.crashBets} bets / ${counts.takes} takes, wheel ${counts.wheelBets}, jackpot ${counts.jackpotBets}, cases ${counts.caseOpens}, sells ${counts.sells}; workerd RSS ${rssSeries.at(-1)} MB`,
      );
    }
    playing = false;
    await Promise.all(others);
    // the rounds in flight finish: the next crash countdown and the next wheel round after a full round
    log("bets stopped; letting the rounds finish");
    const settleMs = 90_000;
    await sleep(settleMs);
    bench.closeSockets();
    await sleep(2_000);

    const end = { rss: runtimeRssMb(bench.stateDir), rooms: await Promise.all(ROOMS.map((r) => roomProfile(bench, admin, { ...r, reset: false }))) };
    const dashboard = (await bench.api("/api/admin/dashboard", { token: admin })).json;
    const leaks = ROOMS.filter((_, i) => end.rooms[i].storedKeys > IDLE_KEYS || end.rooms[i].sockets > 0);
    const rows = [
      ["players", `${N}, ${opts.minutes} min`],
      ["crash bets / manual cash-outs", `${counts.crashBets} / ${counts.takes}`],
      ["wheel bets, jackpot bets", `${counts.wheelBets}, ${counts.jackpotBets}`],
      ["case opens, store sales", `${counts.caseOpens}, ${counts.sells}`],
      ["refusals", JSON.stringify(counts.refused)],
      ["books (reconcile)", dashboard?.books?.ok ? "ok" : `FAILING ${JSON.stringify(dashboard?.books?.failing)}`],
      ["withdrawals open (money / skins)", `${dashboard?.withdrawals?.money?.count ?? "?"} / ${dashboard?.withdrawals?.skins?.count ?? "?"}`],
      ...ROOMS.map((r, i) => [
        `room ${r.room}${r.level ? ` ${r.level}` : ""}: sockets, storage keys start → end`,
        `${start.rooms[i].sockets} → ${end.rooms[i].sockets}, ${start.rooms[i].storedKeys} → ${end.rooms[i].storedKeys}`,
      ]),
      ["runtime memory (workerd RSS) start → end", `${start.rss} MB → ${end.rss} MB`],
      ["workerd RSS every 30 s while playing", `${rssSeries.join(", ")} MB`],
    ];
    printRows(machineHeader("Soak", bench.direct), rows);
    if (!dashboard?.books?.ok) return 1;
    if (leaks.length > 0) {
      console.error(`[soak] rooms still holding sockets or more than ${IDLE_KEYS} storage keys: ${leaks.map((r) => r.room).join(", ")}`);
      return 1;
    }
    return 0;
  }),
);
