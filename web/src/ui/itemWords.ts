// Rarity and exterior in the current language (the Russian names are the CS2 client's own);
// skin names stay as the game names them. An unknown word is shown as it came.
// useItemName is the one way a screen shows an item's full name: the market name with its
// exterior translated ("AK-47 | Redline (После полевых испытаний)"); the market name itself is
// what goes to the server and Steam.
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { EXTERIORS, isRarity, type Exterior } from "../../../shared/items";
import { localizeExteriors } from "./itemName";

function isExterior(name: string): name is Exterior {
  return EXTERIORS.some((e) => e.name === name);
}

export function useItemWords() {
  const { t } = useTranslation("items");
  return {
    rarity: (name: string) => (isRarity(name) ? t(`rarity.${name}`) : name),
    exterior: (name: string) => (isExterior(name) ? t(`exterior.${name}`) : name),
  };
}

/**
 * `(marketName) => the name shown`: the bracketed exterior in the current language. Also for a
 * server-composed, language-neutral text that embeds market names (a notification's content).
 */
export function useItemName(): (marketName: string) => string {
  const { t } = useTranslation("items");
  return useCallback((marketName: string) => localizeExteriors(marketName, (e) => t(`exterior.${e}`)), [t]);
}
