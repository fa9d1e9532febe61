// Chain rotation announcements for the tests (worker/admin-dashboard/chains.ts): a fresh terminal
// hash, and an open announcement seeded straight into D1.
import { env } from "cloudflare:workers";

/** 64 random lowercase hex characters: a terminal hash no chain has. */
export function randomHash(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Withdraws every open announcement of `chain` (every chain when none), so a new one may be made. */
export async function withdrawAll(chain?: string): Promise<void> {
  await env.DB.prepare("UPDATE chain_announcements SET withdrawn_at = ?1 WHERE withdrawn_at IS NULL AND (?2 IS NULL OR chain = ?2)")
    .bind(Date.now(), chain ?? null)
    .run();
}

/** A body for POST /api/admin/fairness/announce of the giveaway chain, after its open announcement is withdrawn. */
export async function announceBody(): Promise<Record<string, unknown>> {
  await withdrawAll("giveaway");
  return { chain: "giveaway", terminal: randomHash(), length: 10_000, from_round: 9_000, note_en: "walk" };
}

/** An open announcement of the giveaway chain made by `adminId`; its id. */
export async function openAnnouncement(adminId: number): Promise<number> {
  await withdrawAll("giveaway");
  const row = await env.DB.prepare(
    "INSERT INTO chain_announcements (chain, terminal, length, from_round, previous_terminal, announced_by) VALUES ('giveaway', ?1, 10000, 9000, ?2, ?3) RETURNING id",
  )
    .bind(randomHash(), env.GIVEAWAY_CHAIN_TERMINAL, adminId)
    .first<{ id: number }>();
  return row?.id ?? 0;
}
