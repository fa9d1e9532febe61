import { describe, expect, it } from "vitest";
import type { RankedJson } from "../../shared/api/tournaments";
import { clockOffset, remainingUntil } from "../../web/src/features/tournament/clock";
import { type JoinFacts, joinBlock } from "../../web/src/features/tournament/joinState";
import { ownRowOffFrame, type TournamentAnswer, withFrame } from "../../web/src/features/tournament/liveTable";
import { pinnedOwnRow } from "../../web/src/features/tournament/ownRow";
import { formatPoints } from "../../web/src/features/tournament/points";

const row = (place: number, id: number, points: number): RankedJson => ({ place, user: { id, username: `p${id}`, avatar: "default" }, points });

describe("tournament countdown on the server's clock", () => {
  it("the offset is how far the server is ahead of the device", () => {
    expect(clockOffset(10_000, 7_000)).toBe(3_000);
    expect(clockOffset(7_000, 10_000)).toBe(-3_000);
  });

  it("splits what is left into days, hours, minutes and seconds, rounding a part second up", () => {
    const left = ((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000;
    expect(remainingUntil(left, 0, 0)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5 });
    expect(remainingUntil(1_500, 1_000, 0)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1 });
  });

  it("a device clock behind the server still ends when the server's time reaches the end", () => {
    // the device reads 1 000 while the server reads 61 000: the end at 70 000 is 9 s away, not 69
    const offset = clockOffset(61_000, 1_000);
    expect(remainingUntil(70_000, 1_000, offset)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 9 });
    expect(remainingUntil(70_000, 10_000, offset)).toBeNull();
  });

  it("is null at zero and after", () => {
    expect(remainingUntil(5_000, 5_000, 0)).toBeNull();
    expect(remainingUntil(5_000, 9_000, 0)).toBeNull();
  });
});

describe("why Join is closed", () => {
  const open: JoinFacts = { runningId: 7, ended: false, signedIn: true, joined: false, minPayment: { is_completed: true }, pending: false };

  it("open when signed in, not joined and the deposit condition is met", () => {
    expect(joinBlock(open)).toBeNull();
  });

  it("names the first reason that holds", () => {
    expect(joinBlock({ ...open, runningId: null, signedIn: false })).toBe("no_tournament");
    expect(joinBlock({ ...open, ended: true, signedIn: false })).toBe("ended");
    expect(joinBlock({ ...open, signedIn: false, minPayment: null })).toBe("visitor");
    expect(joinBlock({ ...open, joined: true, minPayment: { is_completed: false } })).toBe("joined");
    expect(joinBlock({ ...open, pending: true })).toBe("pending");
    expect(joinBlock({ ...open, minPayment: null })).toBe("checking");
    expect(joinBlock({ ...open, minPayment: { is_completed: false } })).toBe("deposit");
  });
});

describe("the own row pinned under the table", () => {
  const page = [row(1, 10, 500), row(2, 11, 300)];

  it("pinned when the page does not list it", () => {
    expect(pinnedOwnRow(page, row(42, 99, 1))).toEqual(row(42, 99, 1));
  });

  it("not pinned when it is on the page, nor for a visitor or a player who did not join", () => {
    expect(pinnedOwnRow(page, row(2, 11, 300))).toBeNull();
    expect(pinnedOwnRow(page, null)).toBeNull();
  });
});

describe("the live frame merged into the table", () => {
  const tournament = {
    id: 3,
    name: "T",
    description: "",
    status: 0 as const,
    prize_1: 50,
    prize_2: 25,
    prize_3: 15,
    prize_4: 7,
    prize_5: 3,
    min_payment: 5,
    end_time: 100_000,
    created_at: 0,
    members: 2,
  };
  const answer: TournamentAnswer = { tournament, users: [row(1, 10, 5)], page: 1, has_more: false, me: row(1, 10, 5), history: [], server_time: 1 };
  const frame = { tournament_id: 3, status: 0 as const, members: 3, users: [row(1, 11, 900), row(2, 10, 5)], server_time: 2 };

  it("page 1 takes the rows, the member count and the own row's new place", () => {
    const next = withFrame(answer, frame);
    expect(next).not.toBe("refetch");
    if (next === "refetch") return;
    expect(next.users).toEqual(frame.users);
    expect(next.tournament?.members).toBe(3);
    expect(next.me).toEqual(row(2, 10, 5));
    expect(next.has_more).toBe(true);
    expect(next.server_time).toBe(2);
  });

  it("another page keeps its rows and takes the member count", () => {
    const next = withFrame({ ...answer, page: 2, users: [row(21, 50, 1)] }, frame);
    if (next === "refetch") throw new Error("merged expected");
    expect(next.users).toEqual([row(21, 50, 1)]);
    expect(next.tournament?.members).toBe(3);
  });

  it("an own row ranked below the frame's page is read again; one on it, none, or another tournament's is not", () => {
    expect(ownRowOffFrame({ ...answer, me: row(25, 77, 1) }, frame)).toBe(true);
    expect(ownRowOffFrame(answer, frame)).toBe(false);
    expect(ownRowOffFrame({ ...answer, me: null }, frame)).toBe(false);
    expect(ownRowOffFrame({ ...answer, me: row(25, 77, 1) }, { ...frame, tournament_id: 4 })).toBe(false);
  });

  it("a finished tournament or the next one asks again", () => {
    expect(withFrame(answer, { ...frame, status: 1 })).toBe("refetch");
    expect(withFrame(answer, { ...frame, tournament_id: 4 })).toBe("refetch");
    expect(withFrame({ ...answer, tournament: null }, frame)).toBe("refetch");
  });
});

describe("points", () => {
  it("are whole numbers grouped as the language writes them", () => {
    expect(formatPoints(1234567, "en")).toBe("1,234,567");
    expect(formatPoints(1234, "ru").replace(/\s/g, " ")).toBe("1 234");
  });
});
