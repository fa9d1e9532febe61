// Splits a CS2 market name into the parts the offline item card draws.

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
