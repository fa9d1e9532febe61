// Every locale file of both languages (web/src/locales/<lng>/<ns>.json), read from disk: the unit
// tests' i18n instances hold them all at once, where the app's instance fetches all but the
// shell's Russian texts lazily (web/src/lib/i18n.ts).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { resourcesFromModules } from "../../web/src/lib/i18n";

const dir = path.resolve(import.meta.dirname, "../../web/src/locales");

export const allResources = resourcesFromModules(
  Object.fromEntries(
    ["ru", "en"].flatMap((lng) =>
      readdirSync(path.join(dir, lng))
        .filter((f) => f.endsWith(".json"))
        .map((f) => [`../locales/${lng}/${f}`, JSON.parse(readFileSync(path.join(dir, lng, f), "utf8")) as Record<string, unknown>]),
    ),
  ),
);
