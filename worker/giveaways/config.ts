// The giveaways' configuration (wrangler.toml GIVEAWAY_*; docs/games.md "Giveaways"): the draw's salt and
// the nickname condition's tag (defaults in shared/constants.ts GIVEAWAY).
import { GIVEAWAY } from "../../shared/constants";

export interface GiveawayConfig {
  salt: string;
  nicknameTag: string;
}

export function giveawayConfig(env: Partial<Pick<Env, "GIVEAWAY_SALT" | "GIVEAWAY_NICKNAME_TAG">>): GiveawayConfig {
  return { salt: env.GIVEAWAY_SALT ?? "", nicknameTag: (env.GIVEAWAY_NICKNAME_TAG ?? GIVEAWAY.nicknameTag).trim().toLowerCase() };
}
