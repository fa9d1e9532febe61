// Settings (§1): sound on by default, streamer mode off by default, the reality check every 60
// minutes and the session figures in the header off (docs/protection.md "Reality check"); kept in
// local storage under "settings". Streamer mode puts `streamer-mode` on <body>, which blurs
// `.participant-name`.
import { createStore, useStore } from "zustand";
import { PROTECTION, STORAGE_KEYS } from "../../../shared/constants";
import { browserStorage, type KeyValueStorage } from "./storage";

export interface Settings {
  sound: boolean;
  streamerMode: boolean;
  /** minutes between reality checks; 0: off */
  realityCheckMinutes: number;
  /** the session's length and net result in the header */
  sessionFigures: boolean;
}

export const DEFAULT_SETTINGS: Settings = {
  sound: true,
  streamerMode: false,
  realityCheckMinutes: PROTECTION.realityCheckDefaultMinutes,
  sessionFigures: false,
};

export interface SettingsState extends Settings {
  setSound(on: boolean): void;
  setStreamerMode(on: boolean): void;
  setRealityCheckMinutes(minutes: number): void;
  setSessionFigures(on: boolean): void;
}

/** A stored interval: a finite number of minutes, 0 (off) or more (the page offers PROTECTION.realityCheckMinutes). */
const minutesOf = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : DEFAULT_SETTINGS.realityCheckMinutes);

/** Reads the stored settings; anything missing or malformed falls back to the defaults. */
export function readSettings(storage: KeyValueStorage | null): Settings {
  let raw: string | null = null;
  try {
    raw = storage?.getItem(STORAGE_KEYS.settings) ?? null;
  } catch {
    raw = null;
  }
  if (!raw) return { ...DEFAULT_SETTINGS };
  try {
    const parsed: unknown = JSON.parse(raw);
    const obj = parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : {};
    return {
      sound: typeof obj.sound === "boolean" ? obj.sound : DEFAULT_SETTINGS.sound,
      streamerMode: typeof obj.streamerMode === "boolean" ? obj.streamerMode : DEFAULT_SETTINGS.streamerMode,
      realityCheckMinutes: minutesOf(obj.realityCheckMinutes),
      sessionFigures: typeof obj.sessionFigures === "boolean" ? obj.sessionFigures : DEFAULT_SETTINGS.sessionFigures,
    };
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
}

function writeSettings(storage: KeyValueStorage | null, settings: Settings): void {
  try {
    const { sound, streamerMode, realityCheckMinutes, sessionFigures } = settings;
    storage?.setItem(STORAGE_KEYS.settings, JSON.stringify({ sound, streamerMode, realityCheckMinutes, sessionFigures }));
  } catch {
    // storage full or unavailable: the choice lasts for this page only
  }
}

export function createSettingsStore(storage: KeyValueStorage | null) {
  return createStore<SettingsState>()((set, get) => {
    const save = (patch: Partial<Settings>) => {
      set(patch);
      writeSettings(storage, get());
    };
    return {
      ...readSettings(storage),
      setSound: (on) => save({ sound: on }),
      setStreamerMode: (on) => save({ streamerMode: on }),
      setRealityCheckMinutes: (minutes) => save({ realityCheckMinutes: minutesOf(minutes) }),
      setSessionFigures: (on) => save({ sessionFigures: on }),
    };
  });
}

export const settingsStore = createSettingsStore(browserStorage());

export function useSettings<T>(selector: (s: SettingsState) => T): T {
  return useStore(settingsStore, selector);
}

/** The class streamer mode sets on <body>; CSS blurs `.participant-name` under it. */
const STREAMER_MODE_CLASS = "streamer-mode";

/** Keeps <body class="streamer-mode"> in step with the setting. Returns the unsubscribe. */
export function bindStreamerModeClass(body: HTMLElement): () => void {
  const apply = (on: boolean) => body.classList.toggle(STREAMER_MODE_CLASS, on);
  apply(settingsStore.getState().streamerMode);
  return settingsStore.subscribe((s) => apply(s.streamerMode));
}
