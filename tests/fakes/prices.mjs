// A local price source speaking the HttpPriceFeed protocol (worker/prices/http-feed.ts):
//   GET /prices?app_id=730&currency=USD   → 200 JSON [{ market_hash_name, currency, suggested_price, min_price, ... }]
// plus misbehaving variants for the sad-path tests:
//   /prices/keyed      the same table, but only with "Authorization: Bearer fake-price-key" (else 401)
//   /prices/malformed  200 with rows of the wrong shape
//   /prices/not-json   200 with an HTML page
//   /prices/error      503
//   /prices/absurd     200 with an impossible price (negative)
// Prices are dollars with any number of decimals, as the public aggregators send them.

export const FAKE_PRICE_KEY = "fake-price-key";

/** The fixed table. Expected cents (half-up): 1913, 9550, 123457, 399, 450000, 3, 210040, 18500. */
export const PRICE_TABLE = [
  { market_hash_name: "AK-47 | Redline (Field-Tested)", suggested_price: 19.125, min_price: 17.5 },
  { market_hash_name: "AWP | Asiimov (Field-Tested)", suggested_price: "95.5", min_price: "90.12" },
  { market_hash_name: "★ Karambit | Doppler (Factory New)", suggested_price: 1234.565, min_price: 1200 },
  { market_hash_name: "Glock-18 | Water Elemental (Minimal Wear)", suggested_price: null, min_price: 3.994 },
  { market_hash_name: "M4A4 | Howl (Field-Tested)", suggested_price: 4500, min_price: 4400.01 },
  { market_hash_name: "P250 | Sand Dune (Battle-Scarred)", suggested_price: 0.025, min_price: 0.02 },
  { market_hash_name: "★ Sport Gloves | Pandora's Box (Field-Tested)", suggested_price: "2100.4", min_price: null },
  { market_hash_name: "★ Karambit", suggested_price: 0, min_price: 185 },
  // no price at all: stays unpriced
  { market_hash_name: "USP-S | Kill Confirmed (Minimal Wear)", suggested_price: null, min_price: null },
  // not a catalogue item: ignored
  { market_hash_name: "Sticker | Not In The Catalogue", suggested_price: 1.5, min_price: 1 },
];

const answer = () =>
  PRICE_TABLE.map((row) => ({
    ...row,
    currency: "USD",
    mean_price: row.min_price,
    quantity: 7,
    item_page: `https://prices.example/item/${encodeURIComponent(row.market_hash_name)}`,
    updated_at: 1_795_000_000,
  }));

function json(res, status, body) {
  res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
}

/** Node http handler for /prices* (tests/fakes/providers.mjs routes here). */
export async function handlePrices(req, res) {
  const url = new URL(req.url ?? "/", "http://fake");
  if (req.method !== "GET") return json(res, 405, { errors: [{ message: "method not allowed" }] });
  if (url.searchParams.get("app_id") !== "730" || url.searchParams.get("currency") !== "USD") {
    return json(res, 400, { errors: [{ message: "app_id=730 and currency=USD are required" }] });
  }
  switch (url.pathname) {
    case "/prices":
      return json(res, 200, answer());
    case "/prices/keyed":
      if (req.headers.authorization !== `Bearer ${FAKE_PRICE_KEY}`) return json(res, 401, { errors: [{ message: "unauthorized" }] });
      return json(res, 200, answer());
    case "/prices/malformed":
      return json(res, 200, [...answer(), { market_hash_name: 42, suggested_price: "a lot" }]);
    case "/prices/not-json":
      return res.writeHead(200, { "Content-Type": "text/html" }).end("<html><body>Just a moment...</body></html>");
    case "/prices/error":
      return json(res, 503, { errors: [{ message: "maintenance" }] });
    case "/prices/absurd":
      return json(res, 200, [{ market_hash_name: "AK-47 | Redline (Field-Tested)", suggested_price: -3, currency: "USD" }]);
    default:
      return json(res, 404, { errors: [{ message: "not found" }] });
  }
}
