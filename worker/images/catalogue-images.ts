// Which pictures the image route may serve: exactly the catalogue's (shared/catalogue/catalogue.json,
// bundled), so the route is no open proxy. The fallback colour of an item is its rarity's.
import type { CatalogueFile } from "../../shared/catalogue";
import { IMAGES } from "../../shared/constants";
import { imageFileOf, type ImageKind } from "../../shared/images";
import { rarityColor } from "../../shared/items";

type Index = Record<ImageKind, Map<string, string>>;
let cached: Index | undefined;

/** file name ("<hash>.webp") → fallback colour, per kind; built once per isolate. */
export function buildImageIndex(file: CatalogueFile): Index {
  const item = new Map<string, string>();
  const kase = new Map<string, string>();
  for (const s of file.skins) {
    const name = imageFileOf(s.image);
    // a picture shared by several skins keeps the first one's colour
    if (name && !item.has(name)) item.set(name, rarityColor(s.rarity));
  }
  for (const c of file.cases) {
    const name = imageFileOf(c.image);
    if (name) kase.set(name, IMAGES.caseColor);
  }
  return { item, case: kase };
}

/** The fallback colour of a catalogue picture, or undefined when the catalogue has no such picture. */
export async function catalogueImageColor(kind: ImageKind, file: string): Promise<string | undefined> {
  // imported on the first picture request, not at isolate start: the catalogue is half a megabyte
  cached ??= buildImageIndex((await import("../../shared/catalogue")).catalogueFile);
  return cached[kind].get(file);
}
