// Room sockets: GET /ws/<room> upgrades to a WebSocket on that room's Durable Object (docs/api.md "Sockets":
// every tab keeps /ws/hub and /ws/chat; /ws/crash and /ws/wheel while their screens are open;
// /ws/crash?watch=1 for a visitor, through a relay when RELAY_SOCKETS is set;
// /ws/jackpot?level=low|medium|high while that jackpot room is shown; /ws/bonus while the bonus
// button or panel is shown).
import { Hono, type Context } from "hono";
import type { AppEnv } from "../../env";
import { fail } from "../../lib/http";
import { bonusRoom } from "../../rooms/bonus/stub";
import { chatRoom } from "../../rooms/chat/stub";
import { crashRoom } from "../../rooms/crash/stub";
import { isLevel, jackpotRoom } from "../../rooms/jackpot/stub";
import { hub } from "../../rooms/hub";
import { wheelRoom } from "../../rooms/wheel/stub";
import { upgradeViaRelay } from "../../rooms/relay/stub";

/** Forwards a WebSocket upgrade to the room; anything else answers 426. */
function upgrade(c: Context<AppEnv>, room: { fetch(request: Request): Promise<Response> }): Response | Promise<Response> {
  if (c.req.header("Upgrade")?.toLowerCase() !== "websocket") {
    c.header("Upgrade", "websocket");
    return fail(c, 426, "app_api.invalid_request");
  }
  return room.fetch(c.req.raw);
}

export const wsRoutes = new Hono<AppEnv>()
  .get("/hub", (c) => upgrade(c, hub(c.env)))
  .get("/chat", (c) => upgrade(c, chatRoom(c.env)))
  // a watcher (?watch=1: a visitor, who only listens) goes through a relay when they are on (docs/relay.md)
  .get("/crash", async (c) => {
    if (c.req.query("watch") === "1" && c.req.header("Upgrade")?.toLowerCase() === "websocket") {
      const relayed = await upgradeViaRelay(c.env, "crash", c.req.raw);
      if (relayed) return relayed;
    }
    return upgrade(c, crashRoom(c.env));
  })
  // one socket per level; a missing or unknown level is refused before any room wakes
  .get("/jackpot", (c) => {
    const level = c.req.query("level");
    if (!isLevel(level)) return fail(c, 400, "app_api.invalid_request", { field: "level" });
    return upgrade(c, jackpotRoom(c.env, level));
  })
  .get("/wheel", (c) => upgrade(c, wheelRoom(c.env)))
  .get("/bonus", (c) => upgrade(c, bonusRoom(c.env)));
