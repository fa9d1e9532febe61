// Bumped whenever the seed gains something (cases, store stock …): `npm start` re-applies the
// idempotent seed to a local state dir whose recorded version differs, so an existing checkout
// gets the new demo data without a reset.
export const SEED_VERSION = "4";
