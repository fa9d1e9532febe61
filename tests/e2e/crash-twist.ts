// The crash screen as the journeys read it, and the admin's twist (dev only): the next round's
// crash point fixed from the admin tools, then that round's betting time awaited. The twisted
// round is the one the server names in the twist's audit row plus one, never a guess from a page,
// which may show a round a transition behind (a page that saw "crashed" while the server had
// already opened the next round would twist the round after the one it then bets in).
import type { Page } from "playwright-core";
import { baseUrl } from "./browser";

export interface CrashSeen {
  round: number;
  stage: string | null;
  multiplier: number;
}

/** What the crash screen shows: its round (# in en, № in ru), stage and multiplier. */
export const crashSeen = (page: Page): Promise<CrashSeen> =>
  page.evaluate(() => ({
    round: Number(document.querySelector("[data-testid=crash-hash]")?.textContent?.match(/[#№](\d+)/)?.[1] ?? 0),
    stage: document.querySelector(".crash-widget")?.getAttribute("data-stage") ?? null,
    multiplier: Number.parseFloat(document.querySelector("[data-testid=crash-multiplier]")?.textContent ?? "0") || 0,
  }));

/** The round flies: neither taking bets nor over. */
export const running = (s: CrashSeen) => s.stage !== null && s.stage !== "waiting" && s.stage !== "crashed";

/** Polls the crash screen until `what` holds; `onTick` acts between looks (an admin's "crash now"). */
export async function untilCrash(page: Page, what: (s: CrashSeen) => boolean, timeoutMs: number, onTick?: (s: CrashSeen) => Promise<void>): Promise<CrashSeen> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const s = await crashSeen(page);
    if (what(s)) return s;
    if (Date.now() > end) throw new Error(`gave up waiting; last seen ${JSON.stringify(s)}`);
    await onTick?.(s);
    await page.waitForTimeout(100);
  }
}

/** The server's round when the twist clicked at `since` was scheduled (its audit row, polled until written). */
async function roundAtTwist(adminToken: string, since: number): Promise<number> {
  for (let i = 0; i < 100; i++) {
    const res = await fetch(`${baseUrl()}/api/admin/audit/list`, {
      method: "POST",
      headers: { Authorization: `Bearer ${adminToken}`, "Content-Type": "application/json" },
      body: JSON.stringify({ action: "crash.schedule_twist", from: since - 500 }),
    });
    if (res.status !== 200) throw new Error(`audit list: ${res.status} ${await res.text()}`);
    const { rows } = (await res.json()) as { rows: { details: { roundId?: number } }[] };
    const roundId = rows[0]?.details.roundId;
    if (typeof roundId === "number") return roundId;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("no crash.schedule_twist audit row");
}

/**
 * From an admin's crash screen (signed in, dev flag): the next round crashes at `point`; waits
 * until that round takes bets, ending a long current round early with "Crash now". Answers the
 * twisted round's id, for the caller to bet in and to watch.
 */
export async function twistNextRound(admin: Page, point: string): Promise<number> {
  const adminToken = await admin.evaluate(() => localStorage.getItem("api_token") ?? "");
  await untilCrash(admin, (s) => s.round > 0 && s.stage !== null, 30_000);
  await admin.getByTestId("crash-admin-twist-value").fill(point);
  const clickedAt = Date.now();
  await admin.getByTestId("crash-admin-twist").click();
  const current = await roundAtTwist(adminToken, clickedAt);
  const twisted = current + 1;
  let crashed = false;
  await untilCrash(
    admin,
    (s) => s.round === twisted && s.stage === "waiting",
    90_000,
    async (s) => {
      if (!crashed && s.round === current && running(s)) {
        crashed = true;
        await admin.getByTestId("crash-admin-crash").click();
      }
    },
  );
  return twisted;
}
