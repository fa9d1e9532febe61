// Demo data for local development (`npm start` seeds it once): players with balances and
// inventories, a moderator, an admin, a house stock of items for the store, chat ban reasons.
// Everything is SQL that can run again without duplicating anything:
//   users        inserted when no user has that username (dev login picks the oldest one)
//   deposits     ledger rows keyed 'seed:deposit:<username>' (UNIQUE); the balance moves with
//                its ledger row, both guarded by the key's absence (kind 'deposit': money
//                entering the books, so no house account moves)
//   items        inserted only while app_settings has no 'seeded' row; the last statement adds it
//   ban reasons  inserted when no reason has that name
//   promo codes  the demo codes of ./promo.ts (WELCOME5, BONUS10), kept by their UNIQUE code
import type { CatalogueEntry } from "../../shared/catalogue";
import type { Rarity } from "../../shared/items";
import { fnv1a32 } from "../../worker/prices/dev-model";
import { sqlString, sqlValue } from "../../worker/prices/catalogue-sql";
import { promoSeedSql } from "./promo";

/** What an inventory slot is drawn from: a weapon rarity, or any knife / glove. */
export type Slot = Rarity | "knife" | "glove";

export interface DemoUser {
  username: string;
  role?: "admin" | "moderator";
  youtuber?: boolean;
  /** a Steam avatarFull URL (served through the site: locally by the fake avatar host; "broken" in the path fails there) */
  avatar?: string;
  depositCents: number;
  items: Slot[];
}

const rep = (slot: Slot, n: number): Slot[] => Array.from({ length: n }, () => slot);

export const DEMO_USERS: DemoUser[] = [
  {
    username: "Artem",
    avatar: "https://avatars.steamstatic.com/a1b2c3d4e5f60718293a4b5c6d7e8f9012345678_full.jpg",
    depositCents: 12_550,
    items: [...rep("Mil-Spec Grade", 3), ...rep("Restricted", 2), "Classified", "Covert", "Industrial Grade"],
  },
  {
    username: "Dasha",
    depositCents: 4_820,
    items: ["Consumer Grade", ...rep("Industrial Grade", 2), ...rep("Mil-Spec Grade", 2), "Restricted"],
  },
  {
    username: "ProGamer",
    avatar: "https://avatars.steamstatic.com/0f9e8d7c6b5a49382716a5b4c3d2e1f098765432_full.jpg",
    depositCents: 153_000,
    items: ["knife", "glove", ...rep("Covert", 3), ...rep("Classified", 3), ...rep("Restricted", 2), ...rep("Mil-Spec Grade", 2)],
  },
  {
    username: "Max_TV",
    avatar: "https://avatars.steamstatic.com/broken00000000000000000000000000000000_full.jpg",
    youtuber: true,
    depositCents: 31_075,
    items: ["knife", "Covert", ...rep("Classified", 2), ...rep("Restricted", 2), "Mil-Spec Grade"],
  },
  {
    username: "mod_Olga",
    role: "moderator",
    depositCents: 2_000,
    items: [...rep("Mil-Spec Grade", 2), "Restricted", "Industrial Grade", "Consumer Grade"],
  },
  {
    username: "admin_Ivan",
    role: "admin",
    depositCents: 10_000,
    items: ["Covert", "Classified", "Restricted", ...rep("Mil-Spec Grade", 2)],
  },
];

/** Items the house holds (owner_id NULL): stock for the store and prizes. */
export const HOUSE_STOCK: Slot[] = [
  ...rep("knife", 2),
  "glove",
  ...rep("Covert", 6),
  ...rep("Classified", 9),
  ...rep("Restricted", 12),
  ...rep("Mil-Spec Grade", 16),
  ...rep("Industrial Grade", 9),
  ...rep("Consumer Grade", 5),
];

export const CHAT_BAN_REASONS: { name: string; active: boolean }[] = [
  { name: "Спам", active: true },
  { name: "Оскорбления", active: true },
  { name: "Реклама", active: true },
  { name: "Попрошайничество", active: true },
  { name: "Ссылки", active: true },
  { name: "Флуд", active: false },
];

export function depositKey(username: string): string {
  return `seed:deposit:${username.toLowerCase()}`;
}

/** mulberry32: a tiny deterministic PRNG, so the same catalogue always yields the same demo. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function matches(e: CatalogueEntry, slot: Slot): boolean {
  return slot === "knife" || slot === "glove" ? e.category === slot : e.category === "weapon" && e.rarity === slot;
}

/** Deterministic market names for `slots`, drawn without repeats from `entries`. */
export function pickItems(entries: readonly CatalogueEntry[], slots: readonly Slot[], seed: string): string[] {
  const random = prng(fnv1a32(seed));
  const taken = new Set<string>();
  return slots.map((slot) => {
    const pool = entries.filter((e) => matches(e, slot) && !taken.has(e.market_hash_name));
    const pick = pool[Math.floor(random() * pool.length)];
    if (!pick) throw new Error(`the catalogue has no ${slot} item left for ${seed}`);
    taken.add(pick.market_hash_name);
    return pick.market_hash_name;
  });
}

const userId = (username: string) => `(SELECT MIN(id) FROM users WHERE username = ${sqlString(username)})`;
const notSeeded = "NOT EXISTS (SELECT 1 FROM app_settings WHERE key = 'seeded')";

/** Inventory rows at the catalogue's current price; owner NULL = the house. */
function itemsSql(owner: string | null, names: string[]): string {
  const values = names.map((n) => `(${sqlString(n)})`).join(", ");
  return (
    `INSERT INTO inventory_items (owner_id, catalogue_id, price, status)\n` +
    `SELECT ${owner === null ? "NULL" : userId(owner)}, c.id, c.price, 'available'\n` +
    `FROM (VALUES ${values}) AS v JOIN catalogue c ON c.market_hash_name = v.column1\n` +
    `WHERE ${notSeeded};`
  );
}

/** The demo statements; the catalogue must be loaded first (items take its ids and prices). */
export function demoSeedSql(entries: readonly CatalogueEntry[]): string[] {
  const out: string[] = [];
  for (const u of DEMO_USERS) {
    const name = sqlString(u.username);
    out.push(
      `INSERT INTO users (username, is_admin, is_moderator, is_youtuber, avatar)\n` +
        `SELECT ${name}, ${u.role === "admin" ? 1 : 0}, ${u.role === "moderator" ? 1 : 0}, ${u.youtuber ? 1 : 0}, ${sqlString(u.avatar ?? "default")}\n` +
        `WHERE NOT EXISTS (SELECT 1 FROM users WHERE username = ${name});`,
    );
  }
  for (const u of DEMO_USERS) {
    const key = sqlString(depositKey(u.username));
    const fresh = `NOT EXISTS (SELECT 1 FROM ledger WHERE idempotency_key = ${key})`;
    const cents = sqlValue(u.depositCents);
    // Same order as worker/db/ledger.ts: the balance moves, then its ledger row reads it back.
    out.push(
      `UPDATE users SET balance = balance + ${cents} WHERE id = ${userId(u.username)} AND ${fresh};`,
      `INSERT INTO ledger (user_id, account, delta, balance_after, kind, reference, idempotency_key)\n` +
        `SELECT id, 'user', ${cents}, balance, 'deposit', 'seed', ${key} FROM users WHERE id = ${userId(u.username)} AND ${fresh};`,
    );
  }
  out.push(...promoSeedSql("admin_Ivan"));
  for (const u of DEMO_USERS) out.push(itemsSql(u.username, pickItems(entries, u.items, u.username)));
  out.push(itemsSql(null, pickItems(entries, HOUSE_STOCK, "house")));
  for (const r of CHAT_BAN_REASONS) {
    const name = sqlString(r.name);
    out.push(
      `INSERT INTO chat_ban_reasons (name, is_active) SELECT ${name}, ${r.active ? 1 : 0}\n` +
        `WHERE NOT EXISTS (SELECT 1 FROM chat_ban_reasons WHERE name = ${name});`,
    );
  }
  out.push(`INSERT INTO app_settings (key, value) VALUES ('seeded', 'true') ON CONFLICT(key) DO UPDATE SET value = 'true';`);
  return out;
}
