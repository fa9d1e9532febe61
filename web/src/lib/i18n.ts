// i18next: ru default, en fallback (§1), one namespace per feature, each file
// web/src/locales/<lng>/<namespace>.json. The first load carries only the Russian texts of the
// shell (SHELL below: header, menus, notices, the tab title); every other namespace — the error
// texts too (main.tsx starts fetching them beside the entry) — and every English one is a lazy chunk the backend below fetches when a screen asks for it
// (useTranslation("crash") suspends until ru and its en fallback are in). A feature only adds its
// files. Russian plurals come from Intl.PluralRules (keys _one/_few/_many/_other).
import i18next, { type BackendModule, type i18n as I18n, type Resource, type ResourceKey, type TFunction } from "i18next";
import { initReactI18next } from "react-i18next";
import { LANGUAGES, STORAGE_KEYS, UI, type Language } from "../../../shared/constants";

// The shell's namespaces in the default language, in the entry (the two globs name the same files).
const shellModules = import.meta.glob<Record<string, unknown>>("../locales/ru/{common,layout,titles,hub,store}.json", {
  eager: true,
  import: "default",
});
// Everything else, one chunk per file, fetched on demand.
const lazyModules = import.meta.glob<Record<string, unknown>>(["../locales/*/*.json", "!../locales/ru/{common,layout,titles,hub,store}.json"], {
  import: "default",
});

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

const shellResources = resourcesFromModules(shellModules);
/** Namespaces the shell renders with: in the entry (ru) or fetched at start (their en fallback). */
const SHELL = Object.keys(shellResources[UI.defaultLanguage] ?? {});

type Loaders = Record<string, () => Promise<Record<string, unknown>>>;

type Tree = { [key: string]: unknown };
const isTree = (v: unknown): v is Tree => typeof v === "object" && v !== null && !Array.isArray(v);

/** `base` with `extra`'s keys added in depth (extra wins): what a lazy chunk must not drop. */
function mergeDeep(base: Tree, extra: Tree): Tree {
  const out: Tree = { ...base };
  for (const [k, v] of Object.entries(extra)) {
    const b = out[k];
    out[k] = isTree(b) && isTree(v) ? mergeDeep(b, v) : v;
  }
  return out;
}

/**
 * Reads web/src/locales/<lng>/<ns>.json from its lazy chunk. i18next adds a loaded bundle shallowly
 * over what the store holds, so keys added before (the console's own error texts) are merged in.
 * A namespace with no file here (the console's, added by its chunk) reads as empty. A chunk that
 * fails to load (a dropped connection, a deploy in between) is asked again: i18next retries a read
 * whose callback says so (`callback(err, true)`: 5 more times, 350 ms doubling), and after that
 * `retryFailedTexts` keeps asking every RETRY_FAILED_MS — i18next itself never reads a failed
 * namespace again, and the notices would show raw keys for the rest of the session.
 */
function localeBackend(loaders: Loaders): BackendModule {
  let store: Resource = {};
  return {
    type: "backend",
    callbackApi: true,
    init(services) {
      store = services.resourceStore.data;
    },
    read(lng, ns, callback) {
      const load = loaders[`../locales/${lng}/${ns}.json`];
      if (!load) return callback(null, {});
      load().then(
        (data) => {
          const present = store[lng]?.[ns];
          callback(null, (isTree(present) ? mergeDeep(data, present) : data) as ResourceKey);
        },
        (err: Error) => callback(err, true),
      );
    },
  };
}

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
 * the "errors" namespace, shown as the key itself when no translation exists. That namespace is
 * fetched at start, not carried in the entry: a text shown before it arrives renders again when
 * it does (bindI18n "loaded" below).
 */
export function displayMessage(message: string, t: TFunction): string {
  if (message.includes(" ")) return message;
  return t(message, { ns: "errors", defaultValue: message });
}

/** How long a namespace whose every read failed waits before it is read again. */
const RETRY_FAILED_MS = 30_000;

function retryFailedTexts(instance: I18n, waitMs: number): void {
  instance.on("failedLoading", (lng: string, ns: string) => {
    setTimeout(() => void instance.reloadResources([lng], [ns]), waitMs);
  });
}

/**
 * The app's instance: the shell's Russian texts at once, the rest through the lazy backend. Given
 * `res` (the unit tests: every file of both languages), an instance of exactly those, no backend.
 * `lazy` replaces the chunks' loaders and the retry waits (the unit tests of a failing chunk).
 */
export function createI18n(lng: Language, res?: Resource, lazy?: { loaders: Loaders; retryMs: number }): I18n {
  const instance = i18next.createInstance();
  if (!res) {
    instance.use(localeBackend(lazy?.loaders ?? lazyModules));
    retryFailedTexts(instance, lazy?.retryMs ?? RETRY_FAILED_MS);
  }
  void instance.use(initReactI18next).init({
    // i18next keeps the object it is given as its store and adds every loaded bundle to it: each
    // instance gets its own copy, or instances (the unit tests') would share what they loaded
    resources: res ?? structuredClone(shellResources),
    partialBundledLanguages: !res,
    lng,
    fallbackLng: UI.fallbackLanguage,
    supportedLngs: [...LANGUAGES],
    ns: res ? [...new Set(Object.values(res).flatMap((r) => Object.keys(r)))] : SHELL,
    defaultNS: "common",
    fallbackNS: "common",
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
    initAsync: false,
    ...(lazy ? { retryTimeout: lazy.retryMs } : {}),
    // a component reading another namespace's key (t("x", { ns })) renders again once it arrives
    react: { bindI18n: "languageChanged loaded" },
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
