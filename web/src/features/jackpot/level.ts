// The level in the URL (/jackpot?level=medium), so a link opens a level; low when missing or odd.
import { JACKPOT_LEVELS, type JackpotLevel } from "../../../../shared/constants";

export function levelFrom(param: string | null): JackpotLevel {
  return (JACKPOT_LEVELS as readonly string[]).includes(param ?? "") ? (param as JackpotLevel) : "low";
}
