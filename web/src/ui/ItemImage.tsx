// An item picture: the catalogue image served by the site (/img/item/<hash>.webp, which answers a
// rarity-coloured picture itself when its source fails), or (no catalogue picture, broken link) a
// rarity-coloured card that names the weapon and skin, drawn in HTML/CSS.
import { useState, type CSSProperties } from "react";
import type { UI } from "../../../shared/constants";
import { siteImageUrl } from "../../../shared/images";
import { splitItemName } from "./itemName";
import "./item-image.css";
import { useItemName } from "./itemWords";

export type ItemImageSize = (typeof UI.itemImageSizes)[number];

export interface ItemImageProps {
  /** market_hash_name (or display name) of the item */
  name: string;
  /** the catalogue picture URL as the API sends it */
  image?: string | null;
  rarityColor?: string | null;
  size?: ItemImageSize;
  className?: string;
}

const FALLBACK_COLOR = "#b0c3d9"; // the "consumer grade" grey

export function ItemImage({ name, image: catalogueUrl, rarityColor, size = 96, className }: ItemImageProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const shownName = useItemName()(name);
  const image = siteImageUrl("item", catalogueUrl);
  const color = rarityColor || FALLBACK_COLOR;
  const style = { "--item-size": `${size}px`, "--rarity": color } as CSSProperties;
  const classes = `item-image item-image--${size}${className ? ` ${className}` : ""}`;

  if (image && failedUrl !== image) {
    return (
      <span className={classes} style={style}>
        <img src={image} alt={shownName} width={size} height={size} loading="lazy" decoding="async" draggable={false} onError={() => setFailedUrl(image)} />
      </span>
    );
  }

  const parts = splitItemName(name);
  return (
    <span className={`${classes} item-image--drawn`} style={style} role="img" aria-label={shownName}>
      <span className="item-image__weapon">
        {parts.starred && size >= 96 && <span aria-hidden="true">★ </span>}
        {parts.weapon || name}
      </span>
      {parts.skin && size > 48 && <span className="item-image__skin">{parts.skin}</span>}
      {(parts.stattrak || parts.souvenir) && size >= 96 && <span className="item-image__mark">{parts.stattrak ? "StatTrak™" : "Souvenir"}</span>}
    </span>
  );
}
