// What a ticket is about (docs/support.md "Tickets"): a round anyone could watch (crash, jackpot,
// wheel), or something of the player's own (a case opening, a payment). Staff see the round's
// verification or the payment's provider reports with it.
import type { ReferenceDetailJson, TicketReference } from "../../shared/api/tickets";
import { JACKPOT } from "../../shared/constants";
import * as crash from "../crash/queries";
import { type SQL, sql } from "../db/sql";
import { caseOpen } from "../history/cases";
import * as jackpot from "../jackpot/queries";
import { paymentsWithReports } from "../payments/admin";
import * as wheel from "../wheel/queries";

/** The SQL condition "the reference exists (and, for a case opening or a payment, is the player's)". */
export function referenceExists(ref: TicketReference, userId: number): SQL {
  switch (ref.kind) {
    case "crash":
      return sql`EXISTS (SELECT 1 FROM crash_rounds WHERE id = ${ref.id})`;
    case "jackpot":
      return sql`EXISTS (SELECT 1 FROM jackpot_rounds WHERE id = ${ref.id})`;
    case "wheel":
      return sql`EXISTS (SELECT 1 FROM wheel_rounds WHERE id = ${ref.id})`;
    case "case":
      return sql`EXISTS (SELECT 1 FROM case_opens WHERE id = ${ref.id} AND user_id = ${userId})`;
    case "payment":
      return sql`EXISTS (SELECT 1 FROM payments WHERE id = ${ref.id} AND user_id = ${userId})`;
  }
}

export interface StoredReference {
  kind: string | null;
  id: string | null;
}

/** The stored reference as the API shows it. */
export function referenceJson(r: StoredReference): { kind: "crash" | "jackpot" | "wheel" | "case"; id: number } | { kind: "payment"; id: string } | null {
  if (!r.kind || r.id === null) return null;
  if (r.kind === "payment") return { kind: "payment", id: r.id };
  if (r.kind === "crash" || r.kind === "jackpot" || r.kind === "wheel" || r.kind === "case") return { kind: r.kind, id: Number(r.id) };
  return null;
}

type DetailEnv = Pick<Env, "DB" | "JACKPOT_SALT" | "WHEEL_SALT">;

/** The referenced round's verification or the payment with its reports, for staff; null when gone. */
export async function referenceDetail(env: DetailEnv, r: StoredReference): Promise<ReferenceDetailJson | null> {
  const ref = referenceJson(r);
  if (!ref) return null;
  switch (ref.kind) {
    case "crash": {
      const game = await crash.game(env, ref.id);
      return game ? { kind: "crash", crash: { game } } : null;
    }
    case "jackpot": {
      const round = await jackpot.round(env, ref.id, env.JACKPOT_SALT, JACKPOT.commissionPercent);
      return round ? { kind: "jackpot", jackpot: { round } } : null;
    }
    case "wheel": {
      const game = await wheel.round(env, ref.id);
      return game ? { kind: "wheel", wheel: { game } } : null;
    }
    case "case": {
      const open = await caseOpen(env, ref.id);
      return open ? { kind: "case", open } : null;
    }
    case "payment": {
      const [payment] = await paymentsWithReports(env, sql`WHERE p.id = ${ref.id}`);
      return payment ? { kind: "payment", payment } : null;
    }
  }
}
