// npm run seed:local: the local D1 of `wrangler dev` (.wrangler/state) migrated and seeded with the
// catalogue and the demo data, as `npm start` does on its first run; a database already seeded is
// left as it is.
import { ensureNode22 } from "./lib/node22.mjs";

ensureNode22();

const { migrateLocal, seedLocal } = await import("./lib/site.mjs");

migrateLocal();
console.log(seedLocal() ? "[seed] seeded the catalogue and demo data" : "[seed] the local database is seeded already");
