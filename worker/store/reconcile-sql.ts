// The storehouse section of worker/books/reconcile.ts: a trade's totals against its items and its
// ledger rows (references 'store_trade:' || trade id; worker/store/trade.ts).
import { bookCheck } from "../books/check";

/**
 * Trades whose totals disagree with their items (bought, sold, tax) or with their ledger rows
 * (user rows = delta, house rows = −delta), plus store ledger rows of no trade.
 */
const STORE_MISMATCHES_SQL = `
  SELECT (SELECT COUNT(*) FROM store_trades t
            LEFT JOIN (SELECT trade_id,
                              SUM(CASE WHEN side = 'bought' THEN price ELSE 0 END) AS bought,
                              SUM(CASE WHEN side = 'sold' THEN price ELSE 0 END) AS sold,
                              SUM(tax) AS tax
                         FROM store_trade_items GROUP BY trade_id) x ON x.trade_id = t.id
            LEFT JOIN (SELECT reference,
                              SUM(CASE WHEN account = 'user' THEN delta ELSE 0 END) AS u,
                              SUM(CASE WHEN account <> 'user' THEN delta ELSE 0 END) AS h
                         FROM ledger WHERE kind IN ('store_buy', 'store_sell') GROUP BY reference) l ON l.reference = 'store_trade:' || t.id
           WHERE t.delta <> t.sold - t.tax - t.bought
              OR t.bought <> COALESCE(x.bought, 0) OR t.sold <> COALESCE(x.sold, 0) OR t.tax <> COALESCE(x.tax, 0)
              OR t.delta <> COALESCE(l.u, 0) OR -t.delta <> COALESCE(l.h, 0))
       + (SELECT COUNT(*) FROM ledger l
           WHERE l.kind IN ('store_buy', 'store_sell')
             AND NOT EXISTS (SELECT 1 FROM store_trades t WHERE t.id = substr(l.reference, 13))) AS v`;

/** Storehouse trades in the books: the mismatches must be 0. */
export const storeBooks = bookCheck({
  name: "storehouse",
  sql: STORE_MISMATCHES_SQL,
  figures: { storeMismatches: "v" },
  mustBeZero: ["storeMismatches"],
});
