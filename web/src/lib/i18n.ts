// i18next: ru default, en fallback (§1), one namespace per feature. Every
// web/src/locales/<lng>/<namespace>.json is picked up by the glob below, so a feature only adds
// its files. Russian plurals come from Intl.PluralRules (keys _one/_few/_many/_other).
import i18next, { type i18n as I18n, type Resource, type TFunction } from "i18next";
import { initReactI18next } from "react-i18next";
import { LANGUAGES, STORAGE_KEYS, UI, type Language } from "../../../shared/constants";

const modules = import.meta.glob<Record<string, unknown>>("../locales/*/*.json", { eager: true, import: "default" });

/** { "../locales/ru/common.json": {...} } → { ru: { common: {...} } } */
export function resourcesFromModules(mods: Record<string, Record<string, unknown>>): Resource {
  const resources: Resource = {};
  for (const [file, content] of Object.entries(mods)) {
    const m = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
    if (!m) continue;
    const [, lng, ns] = m as unknown as [string, string, string];
    resources[lng] ??= {};
    resources[lng][ns] = content;
  }
  return resources;
}

export const resources = resourcesFromModules(modules);
const namespaces = [...new Set(Object.values(resources).flatMap((r) => Object.keys(r)))];

function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** The stored choice if valid, else ru (the default, whatever the browser says). */
export function pickLanguage(stored: string | null | undefined): Language {
  return isLanguage(stored) ? stored : (UI.defaultLanguage as Language);
}

function storedLanguage(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.language);
  } catch {
    return null;
  }
}

/**
 * §8: a message containing a space is a ready text and is shown as is; anything else is a key of
 * the "errors" namespace, shown as the key itself when no translation exists.
 */
export function displayMessage(message: string, t: TFunction): string {
  if (message.includes(" ")) return message;
  return t(message, { ns: "errors", defaultValue: message });
}

export function createI18n(lng: Language, res: Resource = resources): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: res,
    lng,
    fallbackLng: UI.fallbackLanguage,
    supportedLngs: [...LANGUAGES],
    ns: namespaces.length ? namespaces : ["common"],
    defaultNS: "common",
    fallbackNS: "common",
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
    initAsync: false,
  });
  return instance;
}

export const i18n = createI18n(pickLanguage(storedLanguage()));

function syncDocumentLanguage(lng: string): void {
  if (typeof document !== "undefined") document.documentElement.lang = lng;
}
syncDocumentLanguage(i18n.language);
i18n.on("languageChanged", syncDocumentLanguage);

/** Switches the language, remembers it (local storage "language") and updates <html lang>. */
export async function setLanguage(lng: Language): Promise<void> {
  try {
    localStorage.setItem(STORAGE_KEYS.language, lng);
  } catch {
    // not persisted; the switch still applies to this page
  }
  await i18n.changeLanguage(lng);
}
