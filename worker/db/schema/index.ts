// D1 schema (Drizzle), one file per domain. Money columns are integer cents; times are epoch
// milliseconds. migrations/ is generated from these files by `npm run db:generate` (drizzle.config.ts
// points here) and is append-only.
export * from "./users";
export * from "./money";
export * from "./items";
export * from "./site";
export * from "./crash";
export * from "./cases";
export * from "./store";
export * from "./chat";
export * from "./withdraws";
export * from "./skins-deposit";
export * from "./promo";
export * from "./payments";
export * from "./cashback";
export * from "./money-withdraw";
export * from "./jackpot";
export * from "./wheel";
export * from "./bonus";
export * from "./giveaways";
export * from "./tournaments";
export * from "./top";
export * from "./tickets";
export * from "./staff";
export * from "./fairness";
export * from "./protection";
