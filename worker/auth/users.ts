// Users behind a sign-in: found by provider identity (steam_id / vk_id) or, for the dev login,
// by username; created on first sight.
import { asc, eq } from "drizzle-orm";
import { AUTH } from "../../shared/constants";
import type { SocialiteProvider, TestLoginRole } from "../../shared/api/auth";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import type { UserRow } from "../db/types";

export interface ProviderIdentity {
  provider: SocialiteProvider;
  /** SteamID64 or VK user id, as digits. */
  id: string;
  /** Display name the provider gave, if any (kept up to date on every sign-in). */
  name?: string;
  avatar?: string;
}

/** A provider's display name made safe to store: no control characters, one-line, ≤ 32 characters. */
export function cleanDisplayName(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  const flat = raw
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what a display name must not keep
    .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  const cut = Array.from(flat).slice(0, AUTH.usernameMaxLength).join("").trim();
  return cut || undefined;
}

/** Only an absolute http(s) URL of reasonable length is kept as an avatar. */
export function cleanAvatarUrl(raw: string | undefined): string | undefined {
  if (!raw || raw.length > 500) return undefined;
  try {
    const url = new URL(raw);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : undefined;
  } catch {
    return undefined;
  }
}

export function defaultSteamName(steamId: string): string {
  return `steam_${steamId.slice(-AUTH.steamDefaultNameDigits)}`;
}

function identityColumn(provider: SocialiteProvider) {
  return provider === "steam" ? users.steamId : users.vkId;
}

function defaultName(identity: ProviderIdentity): string {
  return identity.provider === "steam" ? defaultSteamName(identity.id) : `vk_${identity.id}`;
}

/** Finds the user of this provider identity, refreshing name and avatar, or creates one. */
export async function upsertProviderUser(d: Db, identity: ProviderIdentity): Promise<UserRow> {
  const column = identityColumn(identity.provider);
  const name = cleanDisplayName(identity.name);
  const avatar = cleanAvatarUrl(identity.avatar);
  const key = identity.provider === "steam" ? { steamId: identity.id } : { vkId: identity.id };

  // The unique index on the identity column makes two first sign-ins at once converge on one row.
  const created = await d
    .insert(users)
    .values({ username: name ?? defaultName(identity), ...(avatar ? { avatar } : {}), ...key })
    .onConflictDoNothing()
    .returning()
    .get();
  if (created) return created;

  const changes: Partial<typeof users.$inferInsert> = {};
  if (name) changes.username = name;
  if (avatar) changes.avatar = avatar;
  if (Object.keys(changes).length > 0) {
    const updated = await d.update(users).set(changes).where(eq(column, identity.id)).returning().get();
    if (updated) return updated;
  }
  const existing = await d.select().from(users).where(eq(column, identity.id)).get();
  if (!existing) throw new Error(`user for ${identity.provider} ${identity.id} vanished`);
  return existing;
}

/**
 * Dev login: the oldest user with this username (so the seeded demo players can be entered),
 * or a new one. A given role switches that staff flag on.
 */
export async function devLoginUser(d: Db, username: string, role?: TestLoginRole): Promise<UserRow> {
  let user = await d.select().from(users).where(eq(users.username, username)).orderBy(asc(users.id)).get();
  if (!user) user = await d.insert(users).values({ username }).returning().get();
  if (user.banned) return user; // the caller answers 403; a banned user gains no role either
  if (role === "admin" && !user.isAdmin) {
    user = (await d.update(users).set({ isAdmin: true }).where(eq(users.id, user.id)).returning().get()) ?? user;
  }
  if (role === "moderator" && !user.isModerator) {
    user = (await d.update(users).set({ isModerator: true }).where(eq(users.id, user.id)).returning().get()) ?? user;
  }
  return user;
}
