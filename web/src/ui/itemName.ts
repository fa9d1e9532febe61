// Splits a CS2 market name into the parts the offline item card draws, and shows its exterior in
// the current language (the market name itself is what the server and Steam get).
import { EXTERIORS, type Exterior } from "../../../shared/items";

export interface ItemNameParts {
  /** "AK-47", "Karambit", "Sport Gloves". */
  weapon: string;
  /** "Redline"; empty for a vanilla knife. */
  skin: string;
  /** "Field-Tested" when the name carries it in brackets. */
  exterior: string;
  stattrak: boolean;
  souvenir: boolean;
  /** Knives and gloves are starred ("★"). */
  starred: boolean;
}

/** "★ StatTrak™ Karambit | Doppler (Factory New)" → weapon "Karambit", skin "Doppler", ... */
export function splitItemName(name: string): ItemNameParts {
  let rest = name.trim();
  const starred = rest.startsWith("★");
  if (starred) rest = rest.slice(1).trim();
  const stattrak = /^StatTrak™\s*/.test(rest);
  rest = rest.replace(/^StatTrak™\s*/, "");
  const souvenir = /^Souvenir\s+/.test(rest);
  rest = rest.replace(/^Souvenir\s+/, "");
  let exterior = "";
  const wear = /\s*\(([^()]+)\)\s*$/.exec(rest);
  if (wear) {
    exterior = wear[1] ?? "";
    rest = rest.slice(0, wear.index);
  }
  const bar = rest.indexOf("|");
  const weapon = (bar >= 0 ? rest.slice(0, bar) : rest).trim();
  const skin = bar >= 0 ? rest.slice(bar + 1).trim() : "";
  return { weapon, skin, exterior, stattrak, souvenir, starred };
}

/** The five exteriors in brackets, as Steam ends a market name ("AK-47 | Redline (Field-Tested)"). */
const BRACKETED_EXTERIOR = new RegExp(`\\((${EXTERIORS.map((e) => e.name).join("|")})\\)`, "g");

/**
 * A market name (or a language-neutral text made of market names, such as a notification's
 * content "$0.20 · ×2.00 · AK-47 | Redline (Field-Tested)") with every bracketed exterior in the
 * current language: `word` names an English exterior. Only the five known exteriors in brackets
 * change; the rest (weapon, skin, StatTrak™, a case name) stays as the game names it.
 */
export function localizeExteriors(text: string, word: (exterior: Exterior) => string): string {
  return text.replace(BRACKETED_EXTERIOR, (whole, exterior: Exterior) => {
    const shown = word(exterior);
    return shown ? `(${shown})` : whole;
  });
}
