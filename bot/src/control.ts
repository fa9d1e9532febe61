// The test control of a simulated run (BOT_STEAM=simulated with BOT_CONTROL=1; never with Steam):
// the same /control API the fake bot offers (tests/fakes/trade-bot.mjs), so the worker's
// skin-deposit and withdrawal tests run against this service unchanged. A trade link's mode
// becomes how its simulated player behaves (accept or decline after acceptAfterMs, never decide,
// Steam down, Steam refusing); `lost` and `dropped` are the network's, played at the HTTP layer:
//   POST /control {mode, acceptAfterMs?, trade_link?}   GET /control/offers?trade_link=
//   POST /control/inventory {trade_link, items}          POST /control/offers/:id {state}
//   POST /control/reset
import { z } from "zod";
import type { Answer, TradeBotService } from "./service.ts";
import type { PlayerBehaviour, SimulatedSteam } from "./simulated-steam.ts";
import { OfferStatus } from "./steam.ts";
import type { Store } from "./store.ts";
import { partnerOf } from "./trade-link.ts";

export const MODES = ["accept", "decline", "timeout", "unavailable", "reject", "lost", "dropped"] as const;
type Mode = (typeof MODES)[number];
const DEFAULT = { mode: "accept" as Mode, acceptAfterMs: 2_000 };

/** Every player's inventory until a test sets its own (the fake's: real catalogue names, one not tradable, one unknown). */
export const SEEDED_INVENTORY = [
  "AK-47 | Redline (Field-Tested)",
  "AWP | Asiimov (Field-Tested)",
  "M4A1-S | Hyper Beast (Minimal Wear)",
  "Glock-18 | Water Elemental (Field-Tested)",
  "USP-S | Cortex (Field-Tested)",
  "P250 | Asiimov (Field-Tested)",
  "Sticker | Fake Bot Souvenir",
];

const controlBody = z.object({
  mode: z.enum(MODES),
  acceptAfterMs: z.number().finite().optional(),
  trade_link: z.string().optional(),
});
const inventoryBody = z.object({
  trade_link: z.string(),
  items: z.array(
    z.object({ market_hash_name: z.string().min(1), tradable: z.boolean().optional(), tradable_after: z.number().int().positive().optional() }),
  ),
});
const decideBody = z.object({ state: z.enum(["accepted", "declined", "expired"]) });

/** What the HTTP layer does with a send before and after the service: drop it unseen, or answer nothing. */
export type NetworkFault = "drop" | "lose" | null;

export class SimulatedControl {
  private steam: SimulatedSteam | null = null;
  private readonly store: Store;
  private service: TradeBotService | null = null;
  /** the account the house's items are stocked on when a withdrawal names them */
  private readonly stockAccount: string;
  private defaults = { ...DEFAULT };
  private readonly perLink = new Map<string, { mode: Mode; acceptAfterMs: number }>();
  private readonly bySteamId = new Map<string, string>();
  private readonly sendCalls = new Map<string, number>();

  constructor(store: Store, stockAccount: string) {
    this.store = store;
    this.stockAccount = stockAccount;
  }

  /** The simulated Steam (made with this control's behaviour()) and the service it drives. */
  attach(steam: SimulatedSteam, service: TradeBotService): void {
    this.steam = steam;
    this.service = service;
  }

  private get sim(): SimulatedSteam {
    if (!this.steam) throw new Error("the control is not attached to a simulated Steam");
    return this.steam;
  }

  /** The simulated players' behaviour, read from their trade link's mode. */
  behaviour(): PlayerBehaviour {
    return {
      decide: (offer, now) => {
        const c = this.modeOf(offer.partner);
        if (c.mode !== "accept" && c.mode !== "decline") return null;
        return now - offer.createdAt >= c.acceptAfterMs ? (c.mode === "accept" ? "accepted" : "declined") : null;
      },
      down: (steamId) => this.modeOf(steamId).mode === "unavailable",
      refuses: (steamId) => this.modeOf(steamId).mode === "reject",
    };
  }

  private modeOf(steamId: string) {
    const link = this.bySteamId.get(steamId);
    return (link && this.perLink.get(link)) || this.defaults;
  }

  /**
   * Before the service sees a send: counted per link (as the fake counts), the house's items a
   * withdrawal names stocked, and the network's fault for its link's mode — `dropped` drops a new
   * reference's send unseen; `lost` lets it run and loses the answer.
   */
  beforeSend(path: string, body: unknown): NetworkFault {
    const b = body as { trade_link?: unknown; reference?: unknown; items?: unknown } | null;
    const link = typeof b?.trade_link === "string" ? b.trade_link : null;
    if (!link) return null;
    const partner = partnerOf(link);
    if (partner) this.bySteamId.set(partner.steamId, link);
    if (path === "/offers") this.sendCalls.set(link, (this.sendCalls.get(link) ?? 0) + 1);
    const known = typeof b?.reference === "string" && this.store.byReference(b.reference) !== null;
    const mode = (this.perLink.get(link) ?? this.defaults).mode;
    if (mode === "dropped" && !known) return "drop";
    if (path === "/offers" && !known && Array.isArray(b?.items)) {
      const names = b.items.flatMap((i: { market_hash_name?: unknown }) => (typeof i?.market_hash_name === "string" ? [i.market_hash_name] : []));
      this.sim.stock(this.stockAccount, names);
      this.service?.forgetHouseInventory(this.stockAccount);
    }
    return mode === "lost" ? "lose" : null;
  }

  /** A /control call (unsigned, as the fake's), or null when the path is not one. */
  async handle(method: string, url: URL, body: unknown): Promise<Answer | null> {
    const path = url.pathname;
    if (path === "/control" && method === "POST") {
      const c = controlBody.safeParse(body);
      if (!c.success) return { status: 400, body: { error: `mode must be one of ${MODES.join(", ")}` } };
      const control = { mode: c.data.mode, acceptAfterMs: Math.max(0, c.data.acceptAfterMs ?? DEFAULT.acceptAfterMs) };
      if (c.data.trade_link) this.remember(c.data.trade_link, control);
      else this.defaults = control;
      return { status: 200, body: { ok: true, ...control } };
    }
    if (path === "/control/reset" && method === "POST") {
      this.perLink.clear();
      this.sendCalls.clear();
      this.defaults = { ...DEFAULT };
      return { status: 200, body: { ok: true } };
    }
    if (path === "/control/inventory" && method === "POST") {
      const c = inventoryBody.safeParse(body);
      const partner = c.success ? partnerOf(c.data.trade_link) : null;
      if (!c.success || !partner) return { status: 400, body: { error: "trade_link and items are required" } };
      this.bySteamId.set(partner.steamId, c.data.trade_link);
      const assets = this.sim.setInventory(
        partner.steamId,
        partner.token,
        c.data.items.map((i) => ({ name: i.market_hash_name, tradable: i.tradable ?? true, tradableAfter: i.tradable_after ?? null })),
      );
      this.service?.forgetPlayer(partner.steamId);
      return {
        status: 200,
        body: { items: assets.map((a) => ({ asset_id: a.assetId, market_hash_name: a.marketHashName, tradable: a.tradable, tradable_after: a.tradableAfter })) },
      };
    }
    if (path === "/control/offers" && method === "GET") {
      const link = url.searchParams.get("trade_link");
      const offers = [];
      for (const row of this.store.byTradeLink(link)) {
        if (!row.offerId) continue;
        // read through the service: the player's decision due by now lands first, as the fake settles it
        const read = this.service ? await this.service.readOffer(row.offerId) : null;
        const state = read?.status === 200 ? (read.body.state as string) : (this.store.byReference(row.reference)?.state ?? row.state);
        offers.push({ offer_id: row.offerId, kind: row.kind, reference: row.reference, trade_link: row.tradeLink, items: JSON.parse(row.items), state });
      }
      const calls = link === null ? [...this.sendCalls.values()].reduce((a, b) => a + b, 0) : (this.sendCalls.get(link) ?? 0);
      return { status: 200, body: { offers, sendCalls: calls } };
    }
    const decided = /^\/control\/offers\/([^/]+)$/.exec(path);
    if (decided && method === "POST") {
      const c = decideBody.safeParse(body);
      const row = this.store.byOfferId(decodeURIComponent(decided[1]!));
      if (!row) return { status: 404, body: { error: "no such offer", offer: null } };
      if (!c.success) return { status: 400, body: { error: "state must be accepted, declined or expired" } };
      const at = this.sim.offersOf().find((o) => o.offerId === row.offerId);
      if (at && at.status === OfferStatus.Active) {
        if (c.data.state === "expired") this.sim.expire(row.offerId!);
        else this.sim.decide(row.offerId!, c.data.state === "accepted" ? OfferStatus.Accepted : OfferStatus.Declined);
      }
      return this.service ? this.service.readOffer(row.offerId!) : { status: 200, body: {} };
    }
    if (path.startsWith("/control")) return { status: 404, body: { error: "no such control call" } };
    return null;
  }

  private remember(link: string, control: { mode: Mode; acceptAfterMs: number }): void {
    this.perLink.set(link, control);
    const partner = partnerOf(link);
    if (partner) this.bySteamId.set(partner.steamId, link);
  }
}
