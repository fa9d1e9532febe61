// Rarity and exterior in the current language (the Russian names are the CS2 client's own);
// skin names stay as the game names them. An unknown word is shown as it came.
import { useTranslation } from "react-i18next";
import { EXTERIORS, isRarity, type Exterior } from "../../../shared/items";

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
