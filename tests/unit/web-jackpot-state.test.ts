import { describe, expect, it } from "vitest";
import type { JackpotBetJson, JackpotDrawJson, JackpotSettingsJson, JackpotStateJson } from "../../shared/api/jackpot";
import type { JackpotServerFrame } from "../../shared/rooms/jackpot";
import { jackpotServerFrame } from "../../shared/rooms/jackpot";
import { betBlock, pickLimit, type BetBlockInput } from "../../web/src/features/jackpot/betBlock";
import { levelFrom } from "../../web/src/features/jackpot/level";
import { checkRound } from "../../web/src/features/jackpot/roundChecks";
import { applyFrame, initialJackpotData, leftMs, mergeBets, ownItemsInRound, phaseAt, type JackpotData } from "../../web/src/features/jackpot/state";
import { jackpotTicket, publicHash } from "../../shared/fairness";
import { parseJackpotInput } from "../../web/src/features/fairness/verifyForm";

const NOW = 1_800_000_000_000;
const user = (id: number) => ({ id, username: `u${id}`, avatar: "default" });
const item = (id: number, price: number) => ({
  id,
  market_hash_name: `Item ${id}`,
  name: `Item ${id}`,
  image: "",
  rarity: "Mil-Spec",
  rarity_color: "#4b69ff",
  price,
});
const bet = (n: number, userId: number, from: number, to: number, items = [item(100 + n, (to - from + 1) / 100)]): JackpotBetJson => ({
  id: `7:${n}`,
  user: user(userId),
  items,
  price: (to - from + 1) / 100,
  value: 0,
  from,
  to,
  created_at: NOW,
});
const SETTINGS: JackpotSettingsJson = {
  minBet: 1,
  maxItemsPerBet: 3,
  maxItemsPerPlayer: 5,
  maxPlayers: 3,
  countdownMs: 40_000,
  spinMs: 10_000,
  waitingMs: 5_000,
  soloTimeoutMs: 180_000,
  commissionPercent: 5,
};
const chance = (id: number, tickets: number, total: number) => ({
  user: user(id),
  price: tickets / 100,
  tickets,
  chance: Math.round((tickets / total) * 10_000) / 100,
});

function state(over: Partial<JackpotStateJson> = {}): JackpotStateJson {
  return {
    level: "medium",
    roundId: 7,
    status: 0,
    publicHash: "a".repeat(64),
    bank: 0,
    itemsCount: 0,
    playersCount: 0,
    betsCount: 0,
    totalTickets: 0,
    bets: [],
    chances: [],
    settings: SETTINGS,
    soloEndsAt: null,
    countdownEndsAt: null,
    draw: null,
    lastWinner: null,
    maintenance: false,
    serverTime: NOW,
    ...over,
  };
}

/** Every frame the tests feed goes through the shared schema first, as the socket does. */
function run(s: JackpotData, frame: JackpotServerFrame, now = NOW) {
  return applyFrame(s, jackpotServerFrame.parse(frame), now);
}

const init = (over: Partial<JackpotStateJson> = {}, selfBets: JackpotBetJson[] = []) =>
  run(initialJackpotData, { event: "jackpotInit", data: { state: state(over), history: [], selfBets } }).state;

const draw = (over: Partial<JackpotDrawJson> = {}): JackpotDrawJson => ({
  roundId: 7,
  winner: user(2),
  winningTicket: 300,
  totalTickets: 500,
  chance: 50,
  bank: 5,
  win: 4.75,
  strip: Array.from({ length: 100 }, (_, i) => (i % 2 ? 1 : 2)),
  players: [user(2), user(1)],
  winIndex: 90,
  spinEndsAt: NOW + 10_000,
  endsAt: NOW + 15_000,
  ...over,
});

describe("jackpot state: frames", () => {
  it("jackpotInit takes the board (biggest first) and the player's own bets, measures the clock, reports the level's bank", () => {
    const { state: s, effects } = run(
      { ...initialJackpotData, clockOffsetMs: null },
      {
        event: "jackpotInit",
        data: {
          state: state({ bank: 2.5, betsCount: 3, totalTickets: 250, bets: [bet(1, 1, 1, 150), bet(2, 2, 151, 250)], chances: [chance(1, 150, 250)] }),
          history: [],
          selfBets: [bet(2, 2, 151, 250)],
        },
      },
      NOW - 300,
    );
    expect(s.level).toBe("medium");
    expect(s.status).toBe(0);
    expect(s.bets.map((b) => b.from)).toEqual([1, 151]);
    expect(s.selfBets.map((b) => b.id)).toEqual(["7:2"]);
    expect(s.leaders).toEqual([{ user: user(1), price: 1.5, tickets: 150 }]);
    expect(s.betsCount).toBe(3);
    expect(s.clockOffsetMs).toBe(300);
    expect(effects).toEqual([{ kind: "bank", level: "medium", dollars: 2.5 }]);
  });

  it("jackpotBoard keeps the rows it had, takes the new ones, orders them as named; the leaders' chances follow the tickets", () => {
    let s = init({ bets: [bet(1, 1, 1, 150)], chances: [chance(1, 150, 150)], totalTickets: 150, bank: 1.5, betsCount: 1, playersCount: 1 });
    const board = (over: object) =>
      run(s, {
        event: "jackpotBoard",
        data: {
          roundId: 7,
          bank: 5,
          itemsCount: 3,
          playersCount: 2,
          betsCount: 3,
          totalTickets: 500,
          soloEndsAt: null,
          top: ["7:2", "7:1"],
          rows: [bet(2, 2, 151, 400)],
          leaders: [2, 1],
          leaderRows: [{ user: user(2), price: 2.5, tickets: 250 }],
          serverTime: NOW,
          ...over,
        },
      });
    const out = board({});
    s = out.state;
    expect(s.bets.map((b) => b.id)).toEqual(["7:2", "7:1"]);
    expect(s.chances).toEqual([
      { user: user(2), price: 2.5, tickets: 250, chance: 50 },
      { user: user(1), price: 1.5, tickets: 150, chance: 30 },
    ]);
    expect(s).toMatchObject({ bank: 5, betsCount: 3, playersCount: 2, totalTickets: 500 });
    expect(out.effects).toEqual([{ kind: "bank", level: "medium", dollars: 5 }]);
    // a row that left the top is dropped; a board naming an unknown id shows what it knows
    expect(board({ top: ["7:1", "7:9"], rows: [], leaders: [1], leaderRows: [] }).state.bets.map((b) => b.id)).toEqual(["7:1"]);
    // an old round's board changes nothing; a later round's starts it
    expect(board({ roundId: 4 }).state).toBe(s);
    expect(board({ roundId: 10 }).state.roundId).toBe(10);
  });

  it("jackpotNewBet (the player's own) adds his rows once, in ticket order, with the new totals", () => {
    let s = init();
    const frame: JackpotServerFrame = {
      event: "jackpotNewBet",
      data: {
        roundId: 7,
        bets: [bet(1, 1, 1, 150)],
        bank: 1.5,
        itemsCount: 1,
        playersCount: 1,
        soloEndsAt: NOW + 180_000,
        serverTime: NOW,
      },
    };
    s = run(s, frame).state;
    s = run(s, frame).state; // a repeat changes nothing
    expect(s.selfBets).toHaveLength(1);
    expect(s.soloEndsAt).toBe(NOW + 180_000);
    const next = run(s, {
      event: "jackpotNewBet",
      data: {
        roundId: 7,
        bets: [bet(2, 2, 151, 500)],
        bank: 5,
        itemsCount: 2,
        playersCount: 2,
        soloEndsAt: null,
        serverTime: NOW,
      },
    });
    expect(next.state.selfBets.map((b) => b.id)).toEqual(["7:1", "7:2"]);
    expect(next.state.bets).toEqual([]); // the biggest come with the board
    expect(next.state.bank).toBe(5);
    expect(next.state.totalTickets).toBe(500);
    // a later bet frame without a deadline keeps the one set by the first bet
    expect(next.state.soloEndsAt).toBe(NOW + 180_000);
    expect(next.effects).toEqual([{ kind: "bank", level: "medium", dollars: 5 }]);
  });

  it("ignores an older round's frames; a later round's bet starts that round", () => {
    const s = init();
    const old = run(s, {
      event: "jackpotNewBet",
      data: { roundId: 4, bets: [bet(1, 1, 1, 10)], bank: 0.1, itemsCount: 1, playersCount: 1, soloEndsAt: null, serverTime: NOW },
    });
    expect(old.state.selfBets).toEqual([]);
    const later = run(s, {
      event: "jackpotNewBet",
      data: { roundId: 10, bets: [bet(1, 1, 1, 10)], bank: 0.1, itemsCount: 1, playersCount: 1, soloEndsAt: null, serverTime: NOW },
    });
    expect(later.state.roundId).toBe(10);
    expect(later.state.selfBets).toHaveLength(1);
    expect(later.state.settings).toEqual(SETTINGS);
  });

  it("jackpotTimer starts the countdown (second phase), startJackpot the spin, the clock the result", () => {
    let s = init({ soloEndsAt: NOW + 1000 });
    s = run(s, { event: "jackpotTimer", data: { roundId: 7, countdownEndsAt: NOW + 40_000, serverTime: NOW } }).state;
    expect(phaseAt(s, NOW)).toBe("second");
    expect(s.soloEndsAt).toBeNull();
    expect(leftMs(s.countdownEndsAt, s.clockOffsetMs, NOW + 10_000)).toBe(30_000);
    s = run(s, { event: "startJackpot", data: { draw: draw(), secret: "b".repeat(64), serverTime: NOW } }).state;
    expect(s.status).toBe(2);
    expect(s.secret).toBe("b".repeat(64));
    expect(s.countdownEndsAt).toBeNull();
    expect(phaseAt(s, NOW + 9_999)).toBe("spinning");
    expect(phaseAt(s, NOW + 10_000)).toBe("waiting");
    // the server's clock, not the local one: a client 2 s behind sees the stop 2 s "earlier"
    expect(phaseAt({ ...s, clockOffsetMs: 2_000 }, NOW + 8_000)).toBe("waiting");
    // another round's draw is not this one's
    expect(run(init(), { event: "startJackpot", data: { draw: draw({ roundId: 4 }), secret: "c".repeat(64), serverTime: NOW } }).state.status).toBe(0);
  });

  it("newGameJackpot clears the round, keeps settings, adds the finished round to the history", () => {
    let s = init({ bets: [bet(1, 1, 1, 150)], bank: 1.5, status: 2, draw: draw() });
    const finished = {
      id: 7,
      level: "medium" as const,
      status: "finished" as const,
      winner: user(2),
      chance: 70,
      bank: 5,
      winningTicket: 300,
      totalTickets: 500,
      publicHash: "a".repeat(64),
      secret: "b".repeat(64),
      playersCount: 2,
      finished_at: NOW,
    };
    const out = run(s, { event: "newGameJackpot", data: { level: "medium", roundId: 10, publicHash: "d".repeat(64), finished, serverTime: NOW } });
    s = out.state;
    expect(s).toMatchObject({
      roundId: 10,
      status: 0,
      bets: [],
      selfBets: [],
      leaders: [],
      chances: [],
      betsCount: 0,
      bank: 0,
      draw: null,
      secret: null,
      publicHash: "d".repeat(64),
      settings: SETTINGS,
    });
    expect(s.history.map((h) => h.id)).toEqual([7]);
    expect(s.lastWinner).toEqual({ roundId: 7, user: user(2), chance: 70, bank: 5, winningTicket: 300 });
    expect(out.effects).toEqual([{ kind: "bank", level: "medium", dollars: 0 }]);
    // a repeat of the same round's start changes nothing
    expect(
      run(s, { event: "newGameJackpot", data: { level: "medium", roundId: 10, publicHash: "d".repeat(64), finished, serverTime: NOW } }).state.history,
    ).toHaveLength(1);
    // a refunded round joins the history without a winner
    const refunded = run(s, {
      event: "newGameJackpot",
      data: {
        level: "medium",
        roundId: 13,
        publicHash: "e".repeat(64),
        finished: { ...finished, id: 10, status: "refunded", winner: null, chance: null, winningTicket: null, secret: null },
        serverTime: NOW,
      },
    }).state;
    expect(refunded.history.map((h) => h.id)).toEqual([10, 7]);
    expect(refunded.lastWinner?.roundId).toBe(7);
  });

  it("an error frame becomes a notice; loading until the first init", () => {
    expect(run(init(), { event: "error", data: { message: "jackpot_api.unavailable" } }).effects).toEqual([
      { kind: "notify", type: "error", message: "jackpot_api.unavailable" },
    ]);
    expect(phaseAt(initialJackpotData, NOW)).toBe("loading");
    expect(phaseAt(init({ status: 3, draw: draw() }), NOW)).toBe("waiting");
  });

  it("mergeBets and ownItemsInRound", () => {
    const rows = mergeBets([bet(2, 2, 151, 250)], [bet(1, 1, 1, 150), bet(3, 1, 251, 300, [item(1, 0.25), item(2, 0.25)])]);
    expect(rows.map((b) => b.from)).toEqual([1, 151, 251]);
    expect(ownItemsInRound(rows, 1)).toBe(3);
    expect(ownItemsInRound(rows, null)).toBe(0);
  });
});

describe("the bet button", () => {
  const ready: BetBlockInput = {
    signedIn: true,
    connected: true,
    maintenance: false,
    phase: "first",
    settings: SETTINGS,
    sending: false,
    pickedPrices: [0.6, 0.4],
    ownItemsInRound: 0,
    isPlayer: false,
    playersCount: 1,
  };
  it("is ready with enough value and items inside the limits", () => {
    expect(betBlock(ready)).toBe("ready");
    expect(betBlock({ ...ready, phase: "second" })).toBe("ready");
  });
  it("names the reason otherwise, before anything is sent", () => {
    expect(betBlock({ ...ready, signedIn: false })).toBe("login");
    expect(betBlock({ ...ready, maintenance: true })).toBe("maintenance");
    expect(betBlock({ ...ready, connected: false })).toBe("loading");
    expect(betBlock({ ...ready, settings: null })).toBe("loading");
    expect(betBlock({ ...ready, phase: "spinning" })).toBe("closed");
    expect(betBlock({ ...ready, phase: "waiting" })).toBe("closed");
    expect(betBlock({ ...ready, sending: true })).toBe("sending");
    expect(betBlock({ ...ready, pickedPrices: [] })).toBe("no_items");
    // an amount from the balance stakes without items, and counts toward the minimum
    expect(betBlock({ ...ready, pickedPrices: [], valueCents: 150 })).toBe("ready");
    expect(betBlock({ ...ready, pickedPrices: [0.59], valueCents: 41 })).toBe("ready");
    expect(betBlock({ ...ready, amountIssue: "above_balance" })).toBe("bad_amount");
    // 0.59 + 0.4 = $0.99 < $1.00, compared in cents
    expect(betBlock({ ...ready, pickedPrices: [0.59, 0.4] })).toBe("too_small");
    expect(betBlock({ ...ready, pickedPrices: [0.5, 0.5, 0.5, 0.5] })).toBe("too_many_items");
    expect(betBlock({ ...ready, ownItemsInRound: 4 })).toBe("too_many_items_player");
    expect(betBlock({ ...ready, ownItemsInRound: 5, pickedPrices: [] })).toBe("too_many_items_player");
    expect(betBlock({ ...ready, playersCount: 3 })).toBe("room_full");
    // a player already in the round may add to his bet in a full room
    expect(betBlock({ ...ready, playersCount: 3, isPlayer: true })).toBe("ready");
  });
  it("pickLimit: the per-bet cap, less when the per-player cap is nearer", () => {
    expect(pickLimit(SETTINGS, 0)).toBe(3);
    expect(pickLimit(SETTINGS, 3)).toBe(2);
    expect(pickLimit(SETTINGS, 6)).toBe(0);
    expect(pickLimit(null, 0)).toBe(0);
  });
});

describe("level in the URL and the round check", () => {
  it("levelFrom: low unless a known level", () => {
    expect(levelFrom("medium")).toBe("medium");
    expect(levelFrom("high")).toBe("high");
    expect(levelFrom(null)).toBe("low");
    expect(levelFrom("HIGH")).toBe("low");
  });

  it("checkRound recomputes the public hash, the ticket, the holder and the chain link", () => {
    const previous = "1".repeat(64);
    // any secret works for the hash and the ticket; the chain link needs keccak(secret) = previous
    const secret = "2".repeat(64);
    const ticket = jackpotTicket(secret, "salt", 500);
    const bets = [bet(1, 1, 1, 200), bet(2, 2, 201, 500)];
    const winnerId = ticket <= 200 ? 1 : 2;
    const ok = checkRound({
      id: 7,
      dayOfMonth: 3,
      publicHash: publicHash(secret, 7, 3),
      secret,
      salt: "salt",
      totalTickets: 500,
      winningTicket: ticket,
      winnerId,
      bets,
      previousSecret: previous,
    });
    expect(ok).toMatchObject({ publicHashMatches: true, ticket, ticketMatches: true, holderId: winnerId, winnerMatches: true, chainLinkHolds: false });
    const wrong = checkRound({
      id: 7,
      dayOfMonth: 4,
      publicHash: publicHash(secret, 7, 3),
      secret,
      salt: "salt",
      totalTickets: 500,
      winningTicket: ticket + 1,
      winnerId: 3,
      bets,
      previousSecret: null,
    });
    expect(wrong).toMatchObject({ publicHashMatches: false, ticketMatches: false, winnerMatches: false, chainLinkHolds: null });
    expect(
      checkRound({ id: 7, dayOfMonth: 3, publicHash: "", secret, salt: "", totalTickets: 500, winningTicket: 1, winnerId: 1, bets, previousSecret: null }),
    ).toBeNull();
  });
});

describe("the provably-fair page's jackpot form", () => {
  it("parses T, salt and secret, naming the wrong fields", () => {
    expect(parseJackpotInput({ tickets: " 500 ", salt: "s", secret: "A".repeat(64) })).toEqual({
      ok: true,
      value: { tickets: 500, salt: "s", secret: "a".repeat(64) },
    });
    expect(parseJackpotInput({ tickets: "0", salt: "", secret: "xyz" })).toEqual({ ok: false, errors: ["tickets", "salt", "secret"] });
    expect(parseJackpotInput({ tickets: "1.5", salt: "s", secret: "a".repeat(64) })).toEqual({ ok: false, errors: ["tickets"] });
  });
});
