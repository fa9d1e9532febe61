// Rows → the contract shapes of shared/api/cases.ts. Cents become dollars here; RTP and chances
// are computed from the items' current catalogue prices and weights (shared/case-odds.ts).
// Players get the site's own picture paths (/img/case|item/<hash>.webp, or null for a link that is
// not a catalogue picture); staff get the stored links they edit.
import type { AdminCaseJson, AdminCatalogueItemJson, CaseItemJson, CaseJson, CaseWithItemsJson, LiveDropJson, OpenAnswer } from "../../shared/api/cases";
import { siteImageUrl } from "../../shared/images";
import { toDollars } from "../../shared/money";
import { chancesPercent, expectedValueCents, rtpPercent } from "../../shared/case-odds";
import type { CaseWithItems, CatalogueEntryRow, LiveDropRow, OpenRow } from "./queries";

export function presentCase(c: CaseWithItems): CaseJson {
  return {
    id: c.id,
    name: c.name,
    image: siteImageUrl("case", c.image),
    price: toDollars(c.price),
    priority: c.priority,
    rtp: c.items.length > 0 ? rtpPercent(c.items, c.price) : 0,
  };
}

export function presentCaseWithItems(c: CaseWithItems): CaseWithItemsJson {
  const chances = c.items.length > 0 ? chancesPercent(c.items) : [];
  const items = c.items.map(
    (it, i): CaseItemJson => ({
      id: it.catalogue_id,
      market_hash_name: it.market_hash_name,
      name: it.name,
      exterior: it.exterior,
      image: siteImageUrl("item", it.image),
      rarity: it.rarity,
      rarity_color: it.rarity_color,
      price: toDollars(it.price),
      chance: chances[i]!,
      weight: it.weight,
    }),
  );
  return { ...presentCase(c), items };
}

export function presentAdminCase(c: CaseWithItems): AdminCaseJson {
  const shown = presentCaseWithItems(c);
  return {
    ...shown,
    image: c.image,
    items: shown.items.map((it, i) => ({ ...it, image: c.items[i]!.image })),
    active: Boolean(c.active),
    ev: c.items.length > 0 ? Math.round(expectedValueCents(c.items)) / 100 : 0,
    created_at: c.created_at,
    updated_at: c.updated_at,
  };
}

/** A catalogue entry for the case editor (the stored picture link, as staff edit it). */
export function presentCatalogueEntry(r: CatalogueEntryRow): AdminCatalogueItemJson {
  const { price, ...shown } = r;
  return { ...shown, price: toDollars(price) };
}

export function presentLiveDrop(r: LiveDropRow): LiveDropJson {
  return {
    id: r.id,
    user: { id: r.user_id, username: r.username, avatar: r.avatar },
    item: {
      id: r.item_id,
      market_hash_name: r.market_hash_name,
      name: r.name,
      image: siteImageUrl("item", r.image),
      rarity: r.rarity,
      rarity_color: r.rarity_color,
      price: toDollars(r.item_price),
    },
    case: { id: r.case_id, name: r.case_name, image: siteImageUrl("case", r.case_image) },
    time: r.created_at,
  };
}

/** The answer of an open (also what a request_id replay answers). */
export function presentOpen(o: OpenRow): OpenAnswer {
  return {
    success: true,
    winItem: {
      myId: o.item_id,
      id: o.catalogue_id,
      market_hash_name: o.market_hash_name,
      name: o.name,
      exterior: o.exterior,
      rarity: o.rarity,
      rarity_color: o.rarity_color,
      image: siteImageUrl("item", o.image),
      price: toDollars(o.item_price),
      status: "available",
    },
    roll: { server_seed_hash: o.server_seed_hash, client_seed: o.client_seed, nonce: o.nonce },
    balance: toDollars(o.balance_after),
  };
}
