// Giveaway fixtures (docs/games.md "Giveaways"): a running giveaway made through the staff route, the
// end of any running one, a Telegram Login Widget payload signed as Telegram signs it (computed
// here with node:crypto's HMAC independently of worker/telegram/widget.ts), the fake Telegram's
// channel statuses.
import { createHash, createHmac } from "node:crypto";
import { env } from "cloudflare:workers";
import { post } from "./user-fixtures";

/** Any running giveaway ends (canceled, its item back to the house) so a new one may start. */
export async function endRunningGiveaway(): Promise<void> {
  await env.DB.batch([
    env.DB.prepare(
      "UPDATE inventory_items SET status = 'available' WHERE status = 'giveaway' AND owner_id IS NULL AND id IN (SELECT item_id FROM giveaways WHERE status = 'open')",
    ),
    env.DB.prepare("UPDATE giveaways SET status = 'canceled' WHERE status = 'open'"),
  ]);
}

export async function runningGiveawayId(): Promise<number> {
  const row = await env.DB.prepare("SELECT id FROM giveaways WHERE status = 'open'").first<{ id: number }>();
  if (!row) throw new Error("no giveaway running");
  return row.id;
}

/** The Login Widget's fields signed with `token` (the configured bot's by default), auth_date now unless given. */
export function signedTelegramLogin(
  fields: Record<string, string | number>,
  token = (env as { TELEGRAM_BOT_TOKEN?: string }).TELEGRAM_BOT_TOKEN ?? "",
): Record<string, string | number> {
  const all: Record<string, string | number> = { auth_date: Math.floor(Date.now() / 1000), ...fields };
  const check = Object.keys(all)
    .sort()
    .map((k) => `${k}=${all[k]}`)
    .join("\n");
  const hash = createHmac("sha256", createHash("sha256").update(token).digest()).update(check).digest("hex");
  return { ...all, hash };
}

/** Sets a Telegram account's status in the fake's channel. */
export async function setChannelStatus(telegramId: number, status: string): Promise<void> {
  const res = await fetch(`${env.TELEGRAM_API_URL.replace(/\/api$/, "")}/fake/member`, {
    method: "POST",
    body: JSON.stringify({ user_id: telegramId, status }),
  });
  if (!res.ok) throw new Error(`fake telegram: ${res.status}`);
}

/** An admin starts a giveaway through the staff route; answers its id. */
export async function startGiveaway(adminToken: string, body: Record<string, unknown>): Promise<number> {
  await endRunningGiveaway();
  const res = await post("/api/admin/giveaways/create", body, adminToken);
  if (res.status !== 200) throw new Error(`create: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { giveaway: { id: number } }).giveaway.id;
}
