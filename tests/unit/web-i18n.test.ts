import { describe, expect, it } from "vitest";
import { CLIENT_KEYS, SERVER_KEYS } from "../../shared/errors";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { createI18n, displayMessage, pickLanguage, resourcesFromModules } from "../../web/src/lib/i18n";
import { allResources as resources } from "./web-locales";

describe("i18n resources from the locale glob", () => {
  it("maps ../locales/<lng>/<ns>.json to resources[lng][ns] and ignores other paths", () => {
    const res = resourcesFromModules({
      "../locales/ru/common.json": { a: "а" },
      "../locales/en/common.json": { a: "a" },
      "../locales/en/chat.json": { b: "b" },
      "../elsewhere/x.json": { c: "c" },
    });
    expect(res).toEqual({ ru: { common: { a: "а" } }, en: { common: { a: "a" }, chat: { b: "b" } } });
  });

  it("reads the real ru and en files of the shell's namespaces", () => {
    for (const lng of ["ru", "en"]) {
      for (const ns of ["common", "layout", "settings", "errors"]) expect(resources[lng]?.[ns], `${lng}/${ns}`).toBeTruthy();
    }
  });
});

describe("the app's instance: the shell's Russian texts at once, the rest fetched", () => {
  it("translates the shell in Russian before anything loads", () => {
    const ru = createI18n("ru");
    expect(ru.t("players", { count: 2 })).toBe("2 игрока");
    expect(ru.hasResourceBundle("ru", "crash")).toBe(false);
  });

  it("fetches a screen's namespace in Russian and its English fallback", async () => {
    const ru = createI18n("ru");
    await ru.loadNamespaces("crash");
    expect(ru.getResourceBundle("ru", "crash")).toEqual(resources.ru?.crash);
    expect(ru.getResourceBundle("en", "crash")).toEqual(resources.en?.crash);
    expect(ru.t("bets.title", { ns: "crash", count: 3 })).toBe("3 ставки");
  });

  it("in English, fetches the shell's namespaces too", async () => {
    const en = createI18n("en");
    await en.loadNamespaces(["common", "errors"]);
    expect(en.t("players", { count: 21 })).toBe("21 players");
    expect(displayMessage("app_error.load", en.t)).toBe("Failed to load application");
  });

  it("keeps keys added before a namespace's file arrives (the console's error texts)", async () => {
    const en = createI18n("en");
    en.addResourceBundle("en", "errors", { user_api: { console_only: "Console only" } }, true, true);
    await en.loadNamespaces("errors");
    expect(en.t("user_api.console_only", { ns: "errors" } as never)).toBe("Console only");
    expect(en.t("user_api.banned", { ns: "errors" })).toBe("Your account is banned");
  });

  it("asks again for a text chunk that failed to load, past i18next's own retries", async () => {
    const file = "../locales/ru/errors.json";
    let reads = 0;
    const loaders = {
      [file]: async () => {
        reads += 1;
        // 1 read + i18next's 5 retries fail; the read after the failed-namespace wait lands
        if (reads <= 6) throw new Error("chunk fetch failed");
        return resources.ru?.errors as Record<string, unknown>;
      },
    };
    const ru = createI18n("ru", undefined, { loaders, retryMs: 1 });
    const failed = new Promise<void>((resolve) => ru.on("failedLoading", () => resolve()));
    const landed = new Promise<void>((resolve) => ru.on("loaded", () => ru.hasResourceBundle("ru", "errors") && resolve()));
    void ru.loadNamespaces("errors");
    await failed;
    expect(reads).toBe(6);
    expect(displayMessage("user_api.banned", ru.t)).toBe("user_api.banned");
    await landed;
    expect(reads).toBe(7);
    expect(displayMessage("user_api.banned", ru.t)).toBe("Ваш аккаунт заблокирован");
  });

  it("reads a namespace with no file of its own (the console's) as empty", async () => {
    const ru = createI18n("ru");
    await ru.loadNamespaces("console_nowhere");
    expect(ru.hasResourceBundle("ru", "console_nowhere")).toBe(true);
  });
});

describe("Russian plurals (one / few / many)", () => {
  const ru = createI18n("ru", resources);
  it.each([
    [1, "1 игрок"],
    [2, "2 игрока"],
    [5, "5 игроков"],
    [21, "21 игрок"],
    [11, "11 игроков"],
    [22, "22 игрока"],
  ])("%i → %s", (count, text) => {
    expect(ru.t("players", { count })).toBe(text);
  });

  it("English uses one / other", () => {
    const en = createI18n("en", resources);
    expect(en.t("players", { count: 1 })).toBe("1 player");
    expect(en.t("players", { count: 21 })).toBe("21 players");
  });
});

describe("language choice", () => {
  it("defaults to ru whatever is stored, unless a known language is stored", () => {
    expect(pickLanguage(null)).toBe("ru");
    expect(pickLanguage("de")).toBe("ru");
    expect(pickLanguage("")).toBe("ru");
    expect(pickLanguage("en")).toBe("en");
  });

  it("falls back to English for a key missing in Russian", () => {
    const i = createI18n("ru", { ru: { common: {} }, en: { common: { only_en: "Only in English" } } });
    // a key outside the typed resources: this instance has its own test resources
    expect(i.t("only_en" as never)).toBe("Only in English");
  });
});

describe("displayMessage (§8 notice text rule)", () => {
  const ru = createI18n("ru", resources);
  const en = createI18n("en", resources);
  it("translates a key from the errors namespace", () => {
    expect(displayMessage("user_api.banned", ru.t)).toBe("Ваш аккаунт заблокирован");
    expect(displayMessage("app_error.load", en.t)).toBe("Failed to load application");
  });
  it("shows a text containing a space as is, even if it looks like a key", () => {
    expect(displayMessage("User not found", ru.t)).toBe("User not found");
    expect(displayMessage("user_api.banned now", ru.t)).toBe("user_api.banned now");
  });
  it("shows an unknown key as the key itself", () => {
    expect(displayMessage("jackpot_api.weird_code", ru.t)).toBe("jackpot_api.weird_code");
  });
});

/** Keys of a nested object as "a.b.c", plural suffixes folded so ru and en compare. */
function flatKeys(obj: unknown, prefix = ""): string[] {
  if (!obj || typeof obj !== "object") return [prefix];
  return Object.entries(obj).flatMap(([k, v]) => flatKeys(v, prefix ? `${prefix}.${k}` : k));
}
const folded = (keys: string[]) => [...new Set(keys.map((k) => k.replace(/_(zero|one|two|few|many|other)$/, "")))].sort();

describe("every visible string in both languages", () => {
  it("every server and client error key of shared/errors.ts is translated in ru and en", () => {
    const keys = [...Object.values(SERVER_KEYS).flat(), ...CLIENT_KEYS];
    for (const lng of ["ru", "en"] as const) {
      const i = createI18n(lng, resources);
      // the console's error texts load with the console (web/src/locales/console/<lng>/errors.json)
      i.addResourceBundle(
        lng,
        "errors",
        JSON.parse(readFileSync(path.resolve(__dirname, `../../web/src/locales/console/${lng}/errors.json`), "utf8")),
        true,
        true,
      );
      const missing = keys.filter((k) => !i.exists(k, { ns: "errors", lng, fallbackLng: false }));
      expect(missing, `${lng}/errors.json lacks`).toEqual([]);
    }
  });

  it("each namespace has the same keys in ru and en", () => {
    const namespaces = new Set([...Object.keys(resources.ru ?? {}), ...Object.keys(resources.en ?? {})]);
    for (const ns of namespaces) {
      expect(folded(flatKeys(resources.en?.[ns])), `en/${ns}.json vs ru/${ns}.json`).toEqual(folded(flatKeys(resources.ru?.[ns])));
    }
  });

  it("each console namespace (web/src/locales/console, loaded with the console only) has the same keys in ru and en", () => {
    const dir = path.resolve(__dirname, "../../web/src/locales/console");
    const read = (lng: string, file: string) => JSON.parse(readFileSync(path.join(dir, lng, file), "utf8")) as unknown;
    const files = readdirSync(path.join(dir, "ru"));
    expect(files.length).toBeGreaterThan(0);
    expect(readdirSync(path.join(dir, "en")).sort()).toEqual([...files].sort());
    for (const file of files) expect(folded(flatKeys(read("en", file))), `console/en/${file} vs ru`).toEqual(folded(flatKeys(read("ru", file))));
  });
});
