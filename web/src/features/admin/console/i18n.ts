// The console's texts: web/src/locales/console/<lng>/<namespace>.json, added to the app's i18next
// instance when the console chunk loads — never part of a player's first load (lib/i18n.ts's
// eager glob takes web/src/locales/<lng>/*.json only, one level down). Its errors.json adds the
// console's error texts to the "errors" namespace (deep merge) — the route imports this chunk once
// the players' error texts are in (app/router.tsx): i18next fetches no namespace that already
// holds a bundle.
import { i18n, resourcesFromModules } from "../../../lib/i18n";

const modules = import.meta.glob<Record<string, unknown>>("../../../locales/console/*/*.json", { eager: true, import: "default" });
// resourcesFromModules reads ".../locales/<lng>/<ns>.json": drop the "console/" level first
const byLanguage = Object.fromEntries(Object.entries(modules).map(([file, content]) => [file.replace("/locales/console/", "/locales/"), content]));

for (const [lng, bundles] of Object.entries(resourcesFromModules(byLanguage))) {
  for (const [ns, content] of Object.entries(bundles)) i18n.addResourceBundle(lng, ns, content, true, true);
}
