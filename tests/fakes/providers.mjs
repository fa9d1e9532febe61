// Local stand-ins for the outside world, speaking the real protocols over HTTP:
//   /steam/*  Steam OpenID 2.0 (steam-openid.mjs)
//   /vk/*     VK ID OAuth 2.1 + PKCE (vk-id.mjs)
//   /prices*  the price feed (prices.mjs)
//   /bot/*    the trade bot of skin withdrawals (trade-bot.mjs)
//   /img/*    the item image CDN (images.mjs)
//   /avatar/* the avatar hosts, as <host>/<path> (images.mjs)
//   /telegram/* Telegram: the Login Widget's page, a channel, the Bot API's getChatMember (telegram.mjs)
//   /pay/*    the sandbox payment provider: form + notification, JSON API + webhook, wallet (payments.mjs)
// Used by the worker tests (globalSetup), the e2e run and `npm start`. No dependencies.
import http from "node:http";
import { handlePrices } from "./prices.mjs";
import { createSteamOpenIdFake } from "./steam-openid.mjs";
import { createVkIdFake } from "./vk-id.mjs";
import { createTradeBotFake } from "./trade-bot.mjs";
import { createAvatarFake, createImageFake } from "./images.mjs";
import { createPaymentsFake } from "./payments.mjs";
import { createTelegramFake } from "./telegram.mjs";

export async function startFakeProviders({ port = 0, host = "127.0.0.1", payments, botSecret = "" } = {}) {
  let baseUrl = "";
  const steam = createSteamOpenIdFake({ baseUrl: () => baseUrl });
  const vk = createVkIdFake();
  const bot = createTradeBotFake({ secret: botSecret });
  const images = createImageFake();
  const avatars = createAvatarFake();
  const telegram = createTelegramFake();
  const pay = createPaymentsFake({ baseUrl: () => baseUrl, config: payments });

  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? "/", baseUrl);
      if (url.pathname.startsWith("/steam/")) return await steam(req, res, url);
      if (url.pathname.startsWith("/vk/")) return await vk(req, res, url);
      if (url.pathname.startsWith("/prices")) return await handlePrices(req, res);
      if (url.pathname.startsWith("/bot/")) return await bot(req, res, url);
      if (url.pathname.startsWith("/img/")) return await images(req, res, url);
      if (url.pathname.startsWith("/avatar/")) return await avatars(req, res, url);
      if (url.pathname.startsWith("/pay/")) return await pay(req, res, url);
      if (url.pathname.startsWith("/telegram/")) return await telegram(req, res, url);
      res.writeHead(404, { "Content-Type": "text/plain" }).end("no such fake");
    } catch (err) {
      console.error("[fakes]", err);
      if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain" });
      res.end("fake provider error");
    }
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });
  const addr = server.address();
  baseUrl = `http://${host}:${addr.port}`;
  return {
    baseUrl,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
